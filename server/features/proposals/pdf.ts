import { formatDate, formatDateTime, formatMoney } from '../../../src/domain/format.ts';
import { PROPOSAL_EVENT_LABELS, PROPOSAL_STATUS_LABELS, type ProposalDetail } from '../../../src/domain/proposals.ts';
import { pdfWriter } from '../../lib/pdf-writer.ts';

/**
 * A proposal as a PDF (download-pdf): A4 portrait, the values, the solutions and axes, the extras,
 * the instalments (number, DD/MM/YYYY, value) and the history of decisions. Text stays selectable
 * (read back in tests).
 */
const reais = (cents: number) => formatMoney(cents / 100);

export async function proposalPdf(p: ProposalDetail, geradoEm: Date): Promise<Buffer> {
  const { write, skip, finish } = await pdfWriter({ orientation: 'portrait', title: `Proposta ${p.titulo}`, subject: p.municipioNome, margin: 48 });

  write(`Proposta: ${p.titulo}`, { size: 18, bold: true });
  write(`${p.municipioNome}/${p.uf} · ${PROPOSAL_STATUS_LABELS[p.status]}${p.premium ? ' · Premium' : ''}`, { size: 12 });
  write(`Gerada em ${formatDateTime(geradoEm)}`);
  if (p.status === 'rejeitada' && p.motivoRejeicao) write(`Motivo da rejeição: ${p.motivoRejeicao}`);
  skip(0.5);

  write('Valores', { size: 14, bold: true });
  write(`Valor total: ${reais(p.valorTotal)}`, { indent: 12, bold: true });
  write(`Investimento do município: ${reais(p.investimentoMunicipio)}`, { indent: 12 });
  write(`Contrapartida do Sebrae: ${reais(p.contrapartidaSebrae)}`, { indent: 12 });
  skip(0.5);

  write('Soluções', { size: 14, bold: true });
  for (const s of p.solucoes) write(s.nome, { indent: 12 });
  write('Eixos', { size: 14, bold: true });
  write(p.eixos.map((e) => e.nome).join(', '), { indent: 12 });
  skip(0.5);

  write('Extras', { size: 14, bold: true });
  if (p.extras.length === 0) write('Nenhum extra.', { indent: 12 });
  for (const e of p.extras) write(`${e.descricao}: ${reais(e.valor)}`, { indent: 12 });
  skip(0.5);

  write('Parcelas do investimento do município', { size: 14, bold: true });
  if (p.parcelas.length === 0) write('Sem parcelas.', { indent: 12 });
  for (const x of p.parcelas) write(`Parcela ${x.numero} - vencimento ${formatDate(x.vencimento)} - ${reais(x.valor)}`, { indent: 12 });
  skip(0.5);

  if (p.observacoes) {
    write('Observações', { size: 14, bold: true });
    write(p.observacoes, { indent: 12 });
    skip(0.5);
  }

  write('Histórico', { size: 14, bold: true });
  for (const h of p.historico)
    write(`${formatDateTime(h.em)} - ${PROPOSAL_EVENT_LABELS[h.evento]} por ${h.usuarioNome}${h.motivo ? `: ${h.motivo}` : ''}`, { indent: 12 });

  return finish();
}
