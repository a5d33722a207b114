import type { DiagnosticState } from '../../../src/domain/followups.ts';
import { pdfWriter } from '../../lib/pdf-writer.ts';

/**
 * The diagnostic as a PDF (GET selo-diagnostico-pdf-by-municipioId): landscape, pt units (spec §9),
 * the municipality, each theme's situation and the answers to the diagnostic questions. Built here,
 * not in the handler; the text stays selectable so it can be searched and read back, and prints as
 * typed whatever its script or symbols (src/domain/pdf-text.ts).
 */

const answerText = (resposta: boolean | null) => (resposta === null ? 'Sem resposta' : resposta ? 'Sim' : 'Não');

export async function diagnosticPdf(input: { municipio: string; uf: string; geradoEm: Date; state: DiagnosticState }): Promise<Buffer> {
  const { state } = input;
  const { write, skip, finish } = await pdfWriter({
    orientation: 'landscape',
    title: `Diagnóstico do município - ${input.municipio}`,
    subject: input.municipio,
  });

  write('Diagnóstico do município', { size: 18, bold: true });
  write(`${input.municipio} - ${input.uf}`, { size: 14 });
  const date = input.geradoEm.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  write(`Situação: ${state.situacao}    Gerado em: ${date}`);
  if (state.enviadoEm) {
    write(`Enviado em: ${new Date(state.enviadoEm).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`);
  }
  skip(0.5);

  write('Temas', { size: 14, bold: true });
  if (state.temas.length === 0) write('Nenhum tema retornado.');
  for (const t of state.temas) write(`${t.nome}: ${t.situacao} (${t.respondidas} de ${t.total} respondidas)`, { indent: 12 });
  skip(0.5);

  write('Perguntas do diagnóstico', { size: 14, bold: true });
  for (const r of state.respostas) {
    write(`${r.perguntaId}. ${r.texto}`, { indent: 12 });
    write(`Resposta: ${answerText(r.resposta)}`, { indent: 24, bold: true });
  }

  return finish();
}
