/**
 * Test-only reading of an uncompressed PDF as jsPDF writes it (the follow-up PDF): its pages'
 * sizes and the text of each `(...) Tj`, in order. `raw` is the file as a binary (latin1) string.
 */
export type PdfContents = { pages: Array<{ width: number; height: number }>; lines: string[] };

export function readPdf(raw: string): PdfContents {
  const pages = [...raw.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  const lines = [...raw.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) =>
    m[1]!.replace(/\\([()\\])/g, '$1').replace(/\\(\d{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))),
  );
  return { pages, lines };
}
