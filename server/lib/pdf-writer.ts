import { loadPdfFonts } from './pdf-fonts.ts';

const MARGIN = 40;
const LINE = 16;

/**
 * An A4 document in pt units (spec §9) written top to bottom: `write` wraps a paragraph to the page
 * and starts a new page when it would not fit, `skip` leaves room, `finish` numbers the pages and
 * answers the bytes. The text stays selectable, so a test can read it back, and prints as typed
 * whatever its script or symbols (src/domain/pdf-text.ts). The server's PDFs are built on it.
 */
export async function pdfWriter(opts: { orientation: 'portrait' | 'landscape'; title: string; subject: string; margin?: number }) {
  const margin = opts.margin ?? MARGIN;
  // jsPDF loads with the first PDF asked for, not with every start of the server (issue 32, item 9).
  const [{ jsPDF }, { unicodePdf }] = await Promise.all([import('jspdf'), import('../../src/domain/pdf-text.ts')]);
  const doc = new jsPDF({ orientation: opts.orientation, unit: 'pt', format: 'a4' });
  const text = unicodePdf(doc, await loadPdfFonts(), { title: opts.title, subject: opts.subject });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  let y = margin;

  const ensureRoom = (lines: number) => {
    if (y + lines * LINE <= height - margin) return;
    doc.addPage('a4', opts.orientation);
    y = margin;
  };
  return {
    write(content: string, style: { size?: number; bold?: boolean; indent?: number } = {}) {
      text.font({ bold: style.bold, size: style.size ?? 11 });
      const lines = text.split(content, width - 2 * margin - (style.indent ?? 0));
      ensureRoom(lines.length);
      for (const line of lines) {
        text.draw(line, margin + (style.indent ?? 0), y);
        y += LINE;
      }
    },
    /** Leaves `lines` lines of room (half a line between sections). */
    skip(lines: number) {
      y += lines * LINE;
    },
    /** A signature line of `length` pt, on a page with room for it and the `after` lines below it. */
    rule(length: number, after: number) {
      ensureRoom(after + 1);
      doc.line(margin, y, margin + length, y);
      y += LINE;
    },
    finish(): Buffer {
      const pages = doc.getNumberOfPages();
      for (let page = 1; page <= pages; page++) {
        doc.setPage(page);
        text.font({ size: 9 });
        text.draw(`Página ${page} de ${pages}`, width - margin, height - margin / 2, { align: 'right' });
      }
      return Buffer.from(doc.output('arraybuffer'));
    },
  };
}
