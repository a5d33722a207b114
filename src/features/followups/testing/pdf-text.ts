/**
 * Test-only reading of an uncompressed PDF as jsPDF writes it (every PDF the product makes): its
 * pages' sizes and its text lines, in order, as a reader copying them would get them. Text drawn
 * with an embedded font is glyph ids (`<...> Tj`), turned back into characters through the font's
 * ToUnicode map, as PDF readers do; the pieces drawn at one height (a line mixing the text and the
 * emoji font) make one line. `raw` is the file as a binary (latin1) string.
 */
export type PdfContents = { pages: Array<{ width: number; height: number }>; lines: string[] };

function utf16(hex: string): string {
  return String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
}

function literal(text: string): string {
  return text.replace(/\\([()\\])/g, '$1').replace(/\\(\d{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

export function readPdf(raw: string): PdfContents {
  const pages = [...raw.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));

  const objects = new Map<string, string>();
  for (const m of raw.matchAll(/(?:^|\n)(\d+) 0 obj\b([\s\S]*?)\nendobj/g)) objects.set(m[1]!, m[2]!);
  const toUnicode = new Map<string, Map<number, string>>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const cmap = /\/ToUnicode (\d+) 0 R/.exec(objects.get(m[2]!) ?? '');
    if (!cmap) continue;
    const glyphs = new Map<number, string>();
    for (const entry of (objects.get(cmap[1]!) ?? '').matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
      glyphs.set(parseInt(entry[1]!, 16), utf16(entry[2]!));
    }
    toUnicode.set(m[1]!, glyphs);
  }

  const lines: string[] = [];
  let font = '';
  let y = '';
  let lineY: string | null = null;
  const ops = /\/(F\d+) [\d.]+ Tf|[-\d.]+ ([-\d.]+) Td|\(((?:\\.|[^\\)])*)\) Tj|<([0-9a-fA-F]*)> Tj|endstream/g;
  for (const m of raw.matchAll(ops)) {
    if (m[1] !== undefined) font = m[1];
    else if (m[2] !== undefined) y = m[2];
    else if (m[0] === 'endstream') lineY = null;
    else {
      const glyphs = toUnicode.get(font);
      const text =
        m[3] !== undefined ? literal(m[3]) : (m[4]!.match(/.{4}/g) ?? []).map((id) => glyphs?.get(parseInt(id, 16)) ?? '\ufffd').join('');
      if (lineY === y) lines[lines.length - 1] += text;
      else lines.push(text);
      lineY = y;
    }
  }
  return { pages, lines };
}
