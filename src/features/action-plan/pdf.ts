import { jsPDF } from 'jspdf';
import type { ActionPlan } from '../../domain/followups.ts';
import { unicodePdf, type PdfFontFiles } from '../../domain/pdf-text.ts';
import { followupLabel, formatHours, NO_NAO_ANSWERS, themesWithNaoAnswers, type ActionPlanWords } from './plan-logic.ts';

/**
 * The action plan as a PDF (A4 portrait, pt units), built from the same answer the screen shows.
 * Pure: no DOM, no download; the screen saves the document. Loaded only when the user asks for it,
 * so the screen does not carry jsPDF. Any text a person typed prints as typed (src/domain/pdf-text.ts);
 * the caller loads the fonts (src/lib/pdf-fonts.ts).
 */

const MARGIN = 40;
const LINE = 1.3;

export type ActionPlanPdfOptions = {
  municipio: string;
  words: ActionPlanWords;
  fonts: PdfFontFiles;
};

export function buildActionPlanPdf(plan: ActionPlan, { municipio, words, fonts }: ActionPlanPdfOptions): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4' });
  const text = unicodePdf(doc, fonts, { title: `Plano de ação - ${municipio}`, subject: municipio });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  // The bottom margin leaves room for the page number.
  const bottom = height - MARGIN - 14;
  let y = MARGIN;

  const ensure = (space: number) => {
    if (y + space <= bottom) return;
    doc.addPage();
    y = MARGIN;
  };

  type Style = { size?: number; bold?: boolean; indent?: number; after?: number; keepWithNext?: number };
  const write = (content: string, { size = 10, bold = false, indent = 0, after = 4, keepWithNext = 0 }: Style = {}) => {
    text.font({ bold, size });
    const lines = text.split(content, width - 2 * MARGIN - indent);
    const lineHeight = size * LINE;
    // A heading is never left alone at the bottom of a page.
    ensure(lineHeight * lines.length + keepWithNext);
    for (const line of lines) {
      ensure(lineHeight);
      text.draw(line, MARGIN + indent, y, { baseline: 'top' });
      y += lineHeight;
    }
    y += after;
  };

  write(`Plano de ação - ${municipio}`, { size: 16, bold: true, after: 8 });
  write('Acompanhamentos selecionados', { size: 11, bold: true, keepWithNext: 13 });
  for (const followup of plan.acompanhamentos) write(`- ${followupLabel(followup)}`, { indent: 8, after: 2 });
  y += 10;

  const temas = themesWithNaoAnswers(plan);
  if (temas.length === 0) write(NO_NAO_ANSWERS);

  for (const tema of temas) {
    write(tema.nome, { size: 13, bold: true, after: 2, keepWithNext: 40 });
    write(`${words.axis}: ${tema.eixoNome}`, { size: 10, after: 8 });
    write('Perguntas respondidas com Não', { size: 11, bold: true, keepWithNext: 13 });
    for (const pergunta of tema.perguntas) {
      write(`${pergunta.numero}. ${pergunta.texto}`, { indent: 8, after: pergunta.comentario ? 1 : 4 });
      if (pergunta.comentario) write(`Comentário: ${pergunta.comentario}`, { size: 9, indent: 20, after: 4 });
    }
    y += 4;
    write(words.solutionsAndTasks, { size: 11, bold: true, keepWithNext: 13 });
    if (tema.solucoes.length === 0) write(words.noSolutions, { indent: 8 });
    for (const solucao of tema.solucoes) {
      write(solucao.nome, { bold: true, indent: 8, after: 2, keepWithNext: 13 });
      for (const tarefa of solucao.tarefas) write(`- ${tarefa.nome} (${formatHours(tarefa.horas)})`, { indent: 20, after: 2 });
      y += 4;
    }
    y += 12;
  }

  const pages = doc.getNumberOfPages();
  text.font({ size: 8 });
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    text.draw(`Página ${page} de ${pages}`, width - MARGIN, height - MARGIN, { align: 'right', baseline: 'bottom' });
  }
  return doc;
}

/** plano-de-acao-florianopolis.pdf */
export function actionPlanFileName(municipio: string): string {
  const slug = municipio
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `plano-de-acao${slug ? `-${slug}` : ''}.pdf`;
}
