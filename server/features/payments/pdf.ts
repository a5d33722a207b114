import type { PaymentDetail } from '../../../src/domain/payments.ts';
import { formatMoney } from '../../../src/domain/format.ts';
import { pdfWriter } from '../../lib/pdf-writer.ts';

/**
 * The service-provision report of a payment process (download-relatorio-prestacao-servico): A4
 * portrait, the process's number, contract, period and consultant, each billed report with its
 * date, title and hours, the totals and a signature block. Text stays selectable (read back in tests).
 */

const day = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const hours = (h: number) => `${h.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;

export async function serviceReportPdf(p: PaymentDetail, geradoEm: Date): Promise<Buffer> {
  const { write, skip, rule, finish } = await pdfWriter({
    orientation: 'portrait',
    title: `Relatório de prestação de serviço ${p.numero}`,
    subject: p.usuarioNome,
    margin: 48,
  });

  write('Relatório de prestação de serviço', { size: 18, bold: true });
  write(`Processo de pagamento nº ${p.numero}`, { size: 13 });
  skip(0.5);
  write(`Consultor: ${p.usuarioNome}`);
  write(`Contrato: ${p.numContrato}    Código de contratação: ${p.codigoContratacao}`);
  write(`Período de realização: ${p.periodoRealizacao}`);
  write(`Gerado em: ${geradoEm.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`);
  skip(0.5);

  write('Relatórios', { size: 14, bold: true });
  if (p.relatorios.length === 0) write('Nenhum relatório de campo.', { indent: 12 });
  for (const r of p.relatorios) write(`${day(r.criacao)} - ${r.titulo} (${r.municipioNome}) - ${hours(r.horasTarefas)}`, { indent: 12 });
  skip(0.5);
  write('Relatórios administrativos', { size: 14, bold: true });
  if (p.relatoriosAdministrativos.length === 0) write('Nenhum relatório administrativo.', { indent: 12 });
  for (const r of p.relatoriosAdministrativos) write(`${day(r.criacao)} - ${r.titulo} - ${hours(r.horas)}`, { indent: 12 });
  skip(0.5);

  write(`Total de horas: ${hours(p.horas)}`, { bold: true });
  write(`Valor total: ${formatMoney(p.total / 100)}`, { bold: true });
  skip(3);

  rule(260, 3);
  write(p.usuarioNome);
  write('Consultor');
  if (p.assinadoEm) write(`Assinado eletronicamente em ${day(p.assinadoEm)}`);

  return finish();
}
