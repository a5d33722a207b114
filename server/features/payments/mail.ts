import { SIGNATURE_LINK_DAYS, type PaymentDetail } from '../../../src/domain/payments.ts';
import { formatMoney } from '../../../src/domain/format.ts';

const hours = (h: number) => `${h.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;

/** The approved process as the finance system (SGF) receives it: everything it pays on, in text. */
export function sgfMail(p: PaymentDetail, link: string): { subject: string; text: string } {
  const lines = [
    `Processo de pagamento nº ${p.numero} aprovado.`,
    '',
    `Consultor: ${p.usuarioNome}`,
    `Contrato: ${p.numContrato}`,
    `Código de contratação: ${p.codigoContratacao}`,
    `Período de realização: ${p.periodoRealizacao}`,
    `Relatórios: ${p.relatorios.length}; relatórios administrativos: ${p.relatoriosAdministrativos.length}`,
    `Total de horas: ${hours(p.horas)}`,
    `Valor total: ${formatMoney(p.total / 100)}`,
    '',
    `Relatório de prestação de serviço (PDF): ${link}`,
  ];
  return { subject: `Processo de pagamento ${p.numero} - ${p.usuarioNome}`, text: lines.join('\n') };
}

/** The consultant's link to sign the service-provision report; it works once. */
export function signatureMail(p: PaymentDetail, link: string): { subject: string; text: string } {
  return {
    subject: `Assinatura eletrônica do processo de pagamento ${p.numero}`,
    text: [
      `Olá, ${p.usuarioNome}.`,
      '',
      `O relatório de prestação de serviço do processo de pagamento nº ${p.numero} (${p.periodoRealizacao}) aguarda a sua assinatura eletrônica.`,
      `Para assinar, entre no sistema por este link: ${link}`,
      '',
      `O link vale uma vez, por ${SIGNATURE_LINK_DAYS} dias; se um novo pedido for enviado, use o mais recente.`,
    ].join('\n'),
  };
}
