import { jsPDF } from 'jspdf';

/**
 * Unicode text in every PDF the product makes (the follow-up and action plan on the client, the
 * diagnostic on the server): jsPDF's standard fonts cover only Windows-1252, so "≥ ✓ Ω ő" or an emoji
 * came out garbled. This module embeds DejaVu Sans (regular and bold; Latin, Greek, Cyrillic, math
 * and dingbats) and, for what DejaVu lacks, Noto Emoji (monochrome: a PDF font cannot carry colour
 * emoji through jsPDF). jsPDF writes only the glyphs used (Identity-H subsetting).
 *
 * jsPDF addresses glyphs by UTF-16 code unit, so it cannot draw a character outside the BMP (most
 * emoji). Each such character is given a private-use code for the drawing, mapped to its glyph in
 * the emoji font, and the font's ToUnicode map is corrected on output to the real character: text
 * copied or read aloud from the PDF is what the person typed. A character neither font has prints
 * as "�" (U+FFFD) rather than cutting the line short, which is what jsPDF does with a missing glyph.
 *
 * Pure: the font files come from the caller (fetched by src/lib/pdf-fonts.ts on the client, read
 * from node_modules by server/lib/pdf-fonts.ts on the server).
 */

export type PdfFontFiles = { regular: Uint8Array; bold: Uint8Array; emoji: Uint8Array };

/** What the builders write with: the font in use, wrapping and drawing of mixed-font lines. */
export type PdfText = {
  /** Sets the text font (regular or bold) and size for what follows. */
  font(style: { bold?: boolean; size: number }): void;
  /** Splits text into lines no wider than maxWidth at the current font and size, on spaces where it can. */
  split(text: string, maxWidth: number): string[];
  /** Draws one line (as split returned it, or any text) at x, y; align 'right' ends it at x. */
  draw(line: string, x: number, y: number, options?: { align?: 'left' | 'right'; baseline?: 'top' | 'bottom' | 'alphabetic' }): void;
};

const MAIN = 'DejaVuSans';
const EMOJI = 'NotoEmoji';
const REPLACEMENT = 0xfffd;
/** First private-use code handed to a character drawn with the emoji font. */
const PRIVATE_USE_START = 0xe000;
const PRIVATE_USE_END = 0xf8ff;

/** Minimal view of jsPDF's parsed TrueType font (jsPDF.API.TTFFont), untyped in its declarations. */
type TtfFont = {
  cmap: { unicode: { codeMap: Record<number, number> } };
};
type JsPdfInternalFont = { metadata: TtfFont };
type PutStream = (options: { data?: unknown; [key: string]: unknown }) => unknown;

/** The emoji font's metadata → (private-use code → the character it stands for). */
const drawnAs = new WeakMap<object, Map<number, number>>();

/**
 * Corrects the emoji font's ToUnicode map: jsPDF writes there the private-use code it was given,
 * 4 hex digits; the map must say the real character (a surrogate pair for most emoji). Runs first
 * among the putFont handlers (a new document subscribes jsPDF.API.events last to first, so it is
 * pushed last), so jsPDF's own Identity-H writer uses the wrapped putStream.
 */
function fixToUnicode(args: { font: JsPdfInternalFont; putStream: PutStream }) {
  const codes = drawnAs.get(args.font.metadata);
  if (!codes) return;
  const putStream = args.putStream;
  args.putStream = (options) => {
    if (typeof options.data !== 'string' || !options.data.startsWith('/CIDInit')) return putStream(options);
    const data = options.data.replace(/<([0-9a-f]{4})><([0-9a-f]{4})>/g, (all, glyph: string, code: string) => {
      const cp = codes.get(parseInt(code, 16));
      return cp === undefined ? all : `<${glyph}><${utf16Hex(cp)}>`;
    });
    return putStream({ ...options, data });
  };
}
const HOOKED = Symbol.for('pdf-text.fixToUnicode');
const api = jsPDF.API as unknown as { events: unknown[][]; [HOOKED]?: true };
if (!api[HOOKED]) {
  api[HOOKED] = true;
  api.events.push(['putFont', fixToUnicode]);
}

function utf16Hex(cp: number): string {
  const units = String.fromCodePoint(cp);
  let hex = '';
  for (let i = 0; i < units.length; i++) hex += units.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/** The file as jsPDF's virtual file system takes it (one char per byte), made once per file. */
const binaryStrings = new WeakMap<Uint8Array, string>();
function binaryString(bytes: Uint8Array): string {
  let out = binaryStrings.get(bytes);
  if (out !== undefined) return out;
  out = '';
  // apply takes the typed array as it is; spreading it would iterate element by element (seconds).
  for (let i = 0; i < bytes.length; i += 0x2000)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000) as unknown as number[]);
  binaryStrings.set(bytes, out);
  return out;
}

/**
 * The (format 12) cmap of a TrueType font: every code point, astral ones included, to its glyph.
 * jsPDF reads only the BMP (format 4) table.
 */
export function fullCmap(font: Uint8Array): Map<number, number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (String.fromCharCode(...font.subarray(record, record + 4)) === 'cmap') cmap = view.getUint32(record + 8);
  }
  const glyphs = new Map<number, number>();
  if (cmap < 0) return glyphs;
  const subtables = view.getUint16(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const offset = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    if (view.getUint16(offset) !== 12) continue;
    const groups = view.getUint32(offset + 12);
    for (let g = 0; g < groups; g++) {
      const group = offset + 16 + g * 12;
      const [start, end, glyph] = [view.getUint32(group), view.getUint32(group + 4), view.getUint32(group + 8)];
      for (let cp = start; cp <= end; cp++) glyphs.set(cp, glyph + cp - start);
    }
    return glyphs;
  }
  return glyphs;
}

const cmaps = new WeakMap<Uint8Array, Map<number, number>>();
function cmapOf(font: Uint8Array): Map<number, number> {
  let cmap = cmaps.get(font);
  if (!cmap) cmaps.set(font, (cmap = fullCmap(font)));
  return cmap;
}

/** Invisible characters that select a presentation or join emoji: dropped when no font draws them. */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;

/**
 * Embeds the fonts in doc and returns the writer the builders use; also tags the document for
 * accessibility as far as jsPDF can: its title (shown instead of the file name), subject, language.
 */
export function unicodePdf(doc: jsPDF, files: PdfFontFiles, info: { title: string; subject?: string }): PdfText {
  doc.addFileToVFS(`${MAIN}.ttf`, binaryString(files.regular));
  doc.addFont(`${MAIN}.ttf`, MAIN, 'normal', 'Identity-H');
  doc.addFileToVFS(`${MAIN}-Bold.ttf`, binaryString(files.bold));
  doc.addFont(`${MAIN}-Bold.ttf`, MAIN, 'bold', 'Identity-H');

  doc.setDocumentProperties({ title: info.title, subject: info.subject ?? '', creator: 'Cidade Empreendedora' });
  doc.setLanguage('pt-BR');
  doc.viewerPreferences({ DisplayDocTitle: true });

  const internal = doc.internal as unknown as { getFont(name: string, style: string): JsPdfInternalFont };
  const mainGlyphs = {
    normal: internal.getFont(MAIN, 'normal').metadata.cmap.unicode.codeMap,
    bold: internal.getFont(MAIN, 'bold').metadata.cmap.unicode.codeMap,
  };
  const emojiGlyphs = cmapOf(files.emoji);
  const privateToChar = new Map<number, number>();
  const charToPrivate = new Map<number, number>();
  // Added with the first emoji: jsPDF writes every font added, used or not (and its writing is most
  // of a PDF's making time).
  let emojiFont: TtfFont | undefined;
  const emoji = (): TtfFont => {
    if (emojiFont) return emojiFont;
    doc.addFileToVFS(`${EMOJI}.ttf`, binaryString(files.emoji));
    doc.addFont(`${EMOJI}.ttf`, EMOJI, 'normal', 'Identity-H');
    emojiFont = internal.getFont(EMOJI, 'normal').metadata;
    drawnAs.set(emojiFont, privateToChar);
    return emojiFont;
  };
  let nextPrivate = PRIVATE_USE_START;

  let bold = false;
  const isEmoji = (unit: number) => privateToChar.has(unit);

  /** The string jsPDF draws: one BMP code per character, emoji as their private-use codes. */
  const encode = (text: string): string => {
    let out = '';
    const glyphs = bold ? mainGlyphs.bold : mainGlyphs.normal;
    for (const ch of text.normalize('NFC').replace(/\t/g, ' ')) {
      const cp = ch.codePointAt(0)!;
      if (isEmoji(cp) || (cp <= 0xffff && glyphs[cp])) {
        out += ch;
        continue;
      }
      const glyph = emojiGlyphs.get(cp);
      if (glyph) {
        let code = charToPrivate.get(cp);
        if (code === undefined) {
          while (nextPrivate <= PRIVATE_USE_END && (mainGlyphs.normal[nextPrivate] || mainGlyphs.bold[nextPrivate])) nextPrivate++;
          if (nextPrivate > PRIVATE_USE_END) {
            out += String.fromCharCode(REPLACEMENT);
            continue;
          }
          code = nextPrivate++;
          charToPrivate.set(cp, code);
          privateToChar.set(code, cp);
          emoji().cmap.unicode.codeMap[code] = glyph;
        }
        out += String.fromCharCode(code);
      } else if (!IGNORABLE.test(ch)) {
        out += String.fromCharCode(REPLACEMENT);
      }
    }
    return out;
  };

  /** Maximal runs of one font. */
  const runs = (line: string): Array<{ text: string; emoji: boolean }> => {
    const result: Array<{ text: string; emoji: boolean }> = [];
    for (const ch of line) {
      const emoji = isEmoji(ch.charCodeAt(0));
      const last = result.at(-1);
      if (last && last.emoji === emoji) last.text += ch;
      else result.push({ text: ch, emoji });
    }
    return result;
  };
  const selectFont = (emoji: boolean) => doc.setFont(emoji ? EMOJI : MAIN, emoji ? 'normal' : bold ? 'bold' : 'normal');
  const width = (line: string) => {
    let total = 0;
    for (const run of runs(line)) {
      selectFont(run.emoji);
      total += doc.getTextWidth(run.text);
    }
    selectFont(false);
    return total;
  };

  return {
    font({ bold: isBold = false, size }) {
      bold = isBold;
      selectFont(false);
      doc.setFontSize(size);
    },
    split(text, maxWidth) {
      const lines: string[] = [];
      for (const paragraph of encode(text).split(/\r?\n|\r/)) {
        let line = '';
        for (const word of paragraph.split(' ')) {
          const candidate = line ? `${line} ${word}` : word;
          if (width(candidate) <= maxWidth) {
            line = candidate;
            continue;
          }
          if (line) lines.push(line);
          line = '';
          // A word wider than the line is broken where it must be.
          for (const ch of word) {
            if (line && width(line + ch) > maxWidth) {
              lines.push(line);
              line = '';
            }
            line += ch;
          }
        }
        lines.push(line);
      }
      return lines;
    },
    draw(line, x, y, { align = 'left', baseline = 'alphabetic' } = {}) {
      const encoded = encode(line);
      let at = align === 'right' ? x - width(encoded) : x;
      for (const run of runs(encoded)) {
        selectFont(run.emoji);
        doc.text(run.text, at, y, { baseline });
        at += doc.getTextWidth(run.text);
      }
      selectFont(false);
    },
  };
}
