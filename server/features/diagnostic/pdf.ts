import { jsPDF } from 'jspdf';
import type { DiagnosticState } from '../../../src/domain/followups.ts';
import { unicodePdf } from '../../../src/domain/pdf-text.ts';
import { loadPdfFonts } from '../../lib/pdf-fonts.ts';

/**
 * The diagnostic as a PDF (GET selo-diagnostico-pdf-by-municipioId): landscape, pt units (spec §9),
 * the municipality, each theme's situation and the answers to the diagnostic questions. Built here,
 * not in the handler; the text stays selectable so it can be searched and read back, and prints as
 * typed whatever its script or symbols (src/domain/pdf-text.ts).
 */

const MARGIN = 40;
const LINE = 16;

const answerText = (resposta: boolean | null) => (resposta === null ? 'Sem resposta' : resposta ? 'Sim' : 'Não');

export async function diagnosticPdf(input: { municipio: string; uf: string; geradoEm: Date; state: DiagnosticState }): Promise<Buffer> {
  const { state } = input;
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const text = unicodePdf(doc, await loadPdfFonts(), { title: `Diagnóstico do município - ${input.municipio}`, subject: input.municipio });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  let y = MARGIN;

  const ensureRoom = (lines: number) => {
    if (y + lines * LINE <= height - MARGIN) return;
    doc.addPage('a4', 'landscape');
    y = MARGIN;
  };
  const write = (content: string, opts: { size?: number; bold?: boolean; indent?: number } = {}) => {
    text.font({ bold: opts.bold, size: opts.size ?? 11 });
    const lines = text.split(content, width - 2 * MARGIN - (opts.indent ?? 0));
    ensureRoom(lines.length);
    for (const line of lines) {
      text.draw(line, MARGIN + (opts.indent ?? 0), y);
      y += LINE;
    }
  };

  write('Diagnóstico do município', { size: 18, bold: true });
  write(`${input.municipio} - ${input.uf}`, { size: 14 });
  const date = input.geradoEm.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  write(`Situação: ${state.situacao}    Gerado em: ${date}`);
  if (state.enviadoEm) {
    write(`Enviado em: ${new Date(state.enviadoEm).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`);
  }
  y += LINE / 2;

  write('Temas', { size: 14, bold: true });
  if (state.temas.length === 0) write('Nenhum tema retornado.');
  for (const t of state.temas) write(`${t.nome}: ${t.situacao} (${t.respondidas} de ${t.total} respondidas)`, { indent: 12 });
  y += LINE / 2;

  write('Perguntas do diagnóstico', { size: 14, bold: true });
  for (const r of state.respostas) {
    write(`${r.perguntaId}. ${r.texto}`, { indent: 12 });
    write(`Resposta: ${answerText(r.resposta)}`, { indent: 24, bold: true });
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    text.font({ size: 9 });
    text.draw(`Página ${page} de ${pages}`, width - MARGIN, height - MARGIN / 2, { align: 'right' });
  }
  return Buffer.from(doc.output('arraybuffer'));
}
