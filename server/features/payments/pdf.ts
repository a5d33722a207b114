import { jsPDF } from 'jspdf';
import type { PaymentDetail } from '../../../src/domain/payments.ts';
import { unicodePdf } from '../../../src/domain/pdf-text.ts';
import { formatMoney } from '../../../src/domain/format.ts';
import { loadPdfFonts } from '../../lib/pdf-fonts.ts';

/**
 * The service-provision report of a payment process (download-relatorio-prestacao-servico): A4
 * portrait, the process's number, contract, period and consultant, each billed report with its
 * date, title and hours, the totals and a signature block. Text stays selectable (read back in tests).
 */

const MARGIN = 48;
const LINE = 16;
const day = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const hours = (h: number) => `${h.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;

export async function serviceReportPdf(p: PaymentDetail, geradoEm: Date): Promise<Buffer> {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4' });
  const text = unicodePdf(doc, await loadPdfFonts(), { title: `Relatório de prestação de serviço ${p.numero}`, subject: p.usuarioNome });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  let y = MARGIN;

  const ensureRoom = (lines: number) => {
    if (y + lines * LINE <= height - MARGIN) return;
    doc.addPage('a4', 'portrait');
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

  write('Relatório de prestação de serviço', { size: 18, bold: true });
  write(`Processo de pagamento nº ${p.numero}`, { size: 13 });
  y += LINE / 2;
  write(`Consultor: ${p.usuarioNome}`);
  write(`Contrato: ${p.numContrato}    Código de contratação: ${p.codigoContratacao}`);
  write(`Período de realização: ${p.periodoRealizacao}`);
  write(`Gerado em: ${geradoEm.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`);
  y += LINE / 2;

  write('Relatórios', { size: 14, bold: true });
  if (p.relatorios.length === 0) write('Nenhum relatório de campo.', { indent: 12 });
  for (const r of p.relatorios) write(`${day(r.criacao)} - ${r.titulo} (${r.municipioNome}) - ${hours(r.horasTarefas)}`, { indent: 12 });
  y += LINE / 2;
  write('Relatórios administrativos', { size: 14, bold: true });
  if (p.relatoriosAdministrativos.length === 0) write('Nenhum relatório administrativo.', { indent: 12 });
  for (const r of p.relatoriosAdministrativos) write(`${day(r.criacao)} - ${r.titulo} - ${hours(r.horas)}`, { indent: 12 });
  y += LINE / 2;

  write(`Total de horas: ${hours(p.horas)}`, { bold: true });
  write(`Valor total: ${formatMoney(p.total / 100)}`, { bold: true });
  y += LINE * 3;

  ensureRoom(5);
  doc.line(MARGIN, y, MARGIN + 260, y);
  y += LINE;
  write(p.usuarioNome);
  write('Consultor');
  if (p.assinadoEm) write(`Assinado eletronicamente em ${day(p.assinadoEm)}`);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    text.font({ size: 9 });
    text.draw(`Página ${page} de ${pages}`, width - MARGIN, height - MARGIN / 2, { align: 'right' });
  }
  return Buffer.from(doc.output('arraybuffer'));
}
