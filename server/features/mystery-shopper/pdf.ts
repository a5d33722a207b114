import { formatDate } from '../../../src/domain/format.ts';
import {
  CHANNEL_LABELS,
  formatScore,
  SHOPPER_SEAL_LABELS,
  SHOPPER_SEAL_THRESHOLDS,
  type Channel,
  type ShopperSeal,
} from '../../../src/domain/mystery-shopper.ts';
import { pdfWriter } from '../../lib/pdf-writer.ts';

export type Certificate = {
  municipioNome: string;
  uf: string;
  selo: ShopperSeal;
  pontuacao: number;
  grupo: string;
  dataVisita: string;
  canal: Channel;
  finalizadaEm: Date;
};

/** The seal certificate (A4 landscape), as the public link downloads it; the text stays selectable. */
export async function certificatePdf(c: Certificate): Promise<Buffer> {
  const nivel = SHOPPER_SEAL_LABELS[c.selo];
  const { write, skip, finish } = await pdfWriter({
    orientation: 'landscape',
    title: `Certificado Selo Cliente Oculto ${nivel}`,
    subject: `${c.municipioNome}/${c.uf}`,
    margin: 60,
  });
  write('Certificado', { size: 28, bold: true });
  write(`Selo Cliente Oculto ${nivel}`, { size: 22, bold: true });
  skip(1);
  write(`Certificamos que o município de ${c.municipioNome}/${c.uf.toUpperCase()} conquistou o Selo Cliente Oculto ${nivel}`, { size: 14 });
  write(
    `na avaliação de atendimento ao empreendedor "${c.grupo}", com pontuação de ${formatScore(c.pontuacao)} (visita ${CHANNEL_LABELS[c.canal].toLowerCase()} em ${formatDate(c.dataVisita)}).`,
    { size: 14 },
  );
  skip(1);
  const minimo = SHOPPER_SEAL_THRESHOLDS.find((t) => t.selo === c.selo)!.minimo;
  write(`O Selo ${nivel} é conferido a partir de ${minimo}% da pontuação ponderada do questionário do cliente oculto.`, { size: 11 });
  write(`Emitido em ${formatDate(c.finalizadaEm)}.`, { size: 11 });
  return finish();
}
