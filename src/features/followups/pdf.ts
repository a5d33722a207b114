import { jsPDF } from 'jspdf';
import { formatDate } from '../../domain/format.ts';
import { followupTotals, groupQuestions, type Followup } from '../../domain/followups.ts';
import { unicodePdf, type PdfFontFiles } from '../../domain/pdf-text.ts';

/**
 * The follow-up's PDF (spec §9: landscape, pt units): municipality, theme, date, each question with
 * its answer and comment, and points where the user may see them. Long texts wrap, and a new page
 * starts whenever the next block would not fit, so nothing is cut. Any text a person typed prints as
 * typed (src/domain/pdf-text.ts); the caller loads the fonts (src/lib/pdf-fonts.ts).
 */

export type FollowupPdfInput = {
  municipio: string;
  followup: Followup;
  showPoints: boolean;
  /** The group heading: "Tema", or "Pilar" where the vocabulary says so. */
  groupLabel: string;
  fonts: PdfFontFiles;
};

const MARGIN = 40;
const BODY = 10;
const LINE = BODY * 1.35;

function answerText(resposta: boolean | null, respondida: boolean): string {
  if (!respondida || resposta === null) return 'Sem resposta';
  return resposta ? 'Sim' : 'Não';
}

export function buildFollowupPdf({ municipio, followup, showPoints, groupLabel, fonts }: FollowupPdfInput): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const text = unicodePdf(doc, fonts, { title: `Acompanhamento: ${followup.nome}`, subject: municipio });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const textWidth = width - 2 * MARGIN;
  let y = MARGIN;

  /** Starts a new page when `needed` points would not fit below y. */
  const room = (needed: number) => {
    if (y + needed <= height - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };
  const write = (content: string, { size = BODY, bold = false, indent = 0 } = {}) => {
    text.font({ bold, size });
    const lines = text.split(content, textWidth - indent);
    const lineHeight = size * 1.35;
    for (const line of lines) {
      room(lineHeight);
      text.draw(line, MARGIN + indent, y + size);
      y += lineHeight;
    }
  };

  const totals = followupTotals(followup.perguntas);
  write(`Acompanhamento: ${followup.nome}`, { size: 16, bold: true });
  y += 4;
  write(`Município: ${municipio}`);
  write(`Tema: ${followup.diagnostico ? 'Diagnóstico' : followup.nome}`);
  write(`Criado em: ${formatDate(followup.criacao)}`);
  write(`Situação: ${followup.finalizado ? 'Finalizado' : 'Não finalizado'}`);
  const pontos = showPoints && totals.pontos !== null ? ` · Pontos: ${totals.pontos}` : '';
  const semResposta = totals.total - totals.sim - totals.nao;
  write(`Sim: ${totals.sim} · Não: ${totals.nao} · Sem resposta: ${semResposta}${pontos}`);
  y += LINE / 2;

  for (const group of groupQuestions(followup.perguntas)) {
    // A heading never ends a page alone: it needs its first question's first lines below it.
    room(4 * LINE);
    y += LINE / 2;
    write(`${groupLabel}: ${group.nome}`, { size: 12, bold: true });
    for (const q of group.perguntas) {
      room(2 * LINE);
      write(`${q.pergunta.numero}. ${q.pergunta.texto}`, { bold: true });
      const points = showPoints && q.pergunta.pontos !== null ? ` · Pontos: ${q.pontos_especificos ?? 0} de ${q.pergunta.pontos}` : '';
      write(`Resposta: ${answerText(q.resposta, q.respondida)}${points}`, { indent: 14 });
      if (q.comentario) write(`Comentário: ${q.comentario}`, { indent: 14 });
      y += 4;
    }
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    text.font({ size: 8 });
    text.draw(`${municipio} · ${followup.nome} · Página ${page} de ${pages}`, width - MARGIN, height - MARGIN / 2, { align: 'right' });
  }
  return doc;
}

/** The file name the download gets: acompanhamento-<id>.pdf. */
export function followupPdfName(followup: Pick<Followup, 'acompanhamentoId'>): string {
  return `acompanhamento-${followup.acompanhamentoId}.pdf`;
}
