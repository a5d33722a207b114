import { formatDate, formatDateTime } from '../../../src/domain/format.ts';
import { reportStatusName } from '../../../src/domain/report-common.ts';
import type { Report } from '../../../src/domain/field-reports.ts';
import { choiceSearch, type RememberedChoice } from '../../../src/domain/variants.ts';
import { htmlToText } from '../../lib/html-to-text.ts';

/** Every mail a field report sends, in one place: subject and text, given what they show. */

/** The public page of a report (what shared links and mails point to), naming the variant and state of its tenant so it opens there on any device. */
export const publicReportLink = (base: string, report: Pick<Report, 'codigoPublico'>, choice: RememberedChoice) =>
  `${base}/obter_publico/${report.codigoPublico}${choiceSearch(choice)}`;

/** send-mail-report: the report's summary and its public link. */
export function reportSummaryMail(report: Report, link: string): { subject: string; text: string } {
  const presentes = report.convidadosRelatorio.filter((g) => g.presente).length;
  const cumpridas = report.tarefasRelatorio.filter((t) => t.cumprida).length;
  return {
    subject: `Relatório: ${report.titulo}`,
    text: [
      `Relatório: ${report.titulo}`,
      `Município: ${report.municipio.nome} - ${report.municipio.uf}`,
      `Data: ${formatDateTime(report.encontro?.inicio ?? report.criacao)}`,
      `Autor: ${report.usuario.nome}`,
      `Situação: ${reportStatusName(report.statusRelatorioId)}`,
      `Presentes: ${presentes} de ${report.convidadosRelatorio.length} convidados`,
      `Tarefas cumpridas: ${cumpridas} de ${report.tarefasRelatorio.length}`,
      '',
      htmlToText(report.descricao),
      '',
      `Veja o relatório completo: ${link}`,
    ].join('\n'),
  };
}

/** envio-pesquisa: the satisfaction survey sent to a guest who was present. */
export function satisfactionSurveyMail(report: Report, guest: { nome: string }, link: string): { subject: string; text: string } {
  return {
    subject: `Pesquisa de satisfação: ${report.titulo}`,
    text: [
      `Olá, ${guest.nome}.`,
      '',
      `Obrigado por participar do encontro "${report.titulo}" em ${report.municipio.nome} (${formatDate(report.encontro?.inicio ?? report.criacao)}).`,
      `O relatório do encontro está em: ${link}`,
      '',
      'Responda a este e-mail com uma nota de 1 (muito insatisfeito) a 5 (muito satisfeito) e, se quiser, um comentário sobre o encontro.',
    ].join('\n'),
  };
}
