import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { score, sealOf, type Answers, type Channel, type ShopperSeal } from '../../src/domain/mystery-shopper.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import type { Counter, Tx } from './ensure.ts';

/** Answer sets that land on each seal (95,3 %, 77,1 %, 63,5 % and 34,7 %), checked below against the rule. */
const ANSWERS: Record<ShopperSeal | 'nenhum', Answers> = {
  ouro: {
    'acesso-identificacao': 1,
    'acesso-horario': 1,
    'acesso-espera': 4,
    'atendimento-cordialidade': 1,
    'atendimento-clareza': 5,
    'atendimento-conhecimento': 4,
    'resolucao-demanda': 1,
    'resolucao-material': 1,
    'resolucao-satisfacao': 9,
  },
  prata: {
    'acesso-identificacao': 1,
    'acesso-horario': 1,
    'acesso-espera': 3,
    'atendimento-cordialidade': 1,
    'atendimento-clareza': 4,
    'atendimento-conhecimento': 3,
    'resolucao-demanda': 1,
    'resolucao-material': 0,
    'resolucao-satisfacao': 7,
  },
  bronze: {
    'acesso-identificacao': 1,
    'acesso-horario': 0,
    'acesso-espera': 2,
    'atendimento-cordialidade': 1,
    'atendimento-clareza': 3,
    'atendimento-conhecimento': 3,
    'resolucao-demanda': 1,
    'resolucao-material': 0,
    'resolucao-satisfacao': 6,
  },
  nenhum: {
    'acesso-identificacao': 1,
    'acesso-horario': 0,
    'acesso-espera': 1,
    'atendimento-cordialidade': 1,
    'atendimento-clareza': 2,
    'atendimento-conhecimento': 2,
    'resolucao-demanda': 0,
    'resolucao-material': 0,
    'resolucao-satisfacao': 5,
  },
};

type SeedRound = {
  grupo: string;
  dataVisita: string;
  avaliador: string;
  canal: Channel;
  resultado: ShopperSeal | 'nenhum' | 'aberta';
  observacoes: string;
};

const PREVIOUS = 'Ciclo 2025/2';
const CURRENT = 'Ciclo 2026/1';

/**
 * The rounds of each demo municipality by its position (server/seed/data.ts MUNICIPALITY_ROLES):
 * the seal each one's latest round earns is the seal the seed gives the municipality (ouro, prata,
 * bronze, bronze), and the second municipality has a round still open.
 */
const ROUNDS: Record<number, SeedRound[]> = {
  0: [
    {
      grupo: PREVIOUS,
      dataVisita: '2025-10-14',
      avaliador: 'Marina Costa',
      canal: 'presencial',
      resultado: 'prata',
      observacoes: 'Atendimento cordial; faltou material de apoio.',
    },
    {
      grupo: CURRENT,
      dataVisita: '2026-05-20',
      avaliador: 'Rafael Nunes',
      canal: 'presencial',
      resultado: 'ouro',
      observacoes: 'Sala bem sinalizada, espera de 4 minutos e orientação completa sobre MEI.',
    },
  ],
  1: [
    {
      grupo: CURRENT,
      dataVisita: '2026-04-08',
      avaliador: 'Marina Costa',
      canal: 'telefone',
      resultado: 'nenhum',
      observacoes: 'Ligação transferida três vezes; demanda sem encaminhamento.',
    },
    { grupo: 'Ciclo 2026/2', dataVisita: '2026-11-10', avaliador: 'Rafael Nunes', canal: 'online', resultado: 'aberta', observacoes: '' },
  ],
  3: [
    {
      grupo: PREVIOUS,
      dataVisita: '2025-09-30',
      avaliador: 'Rafael Nunes',
      canal: 'online',
      resultado: 'bronze',
      observacoes: 'Resposta ao formulário em dois dias úteis.',
    },
    {
      grupo: CURRENT,
      dataVisita: '2026-06-02',
      avaliador: 'Marina Costa',
      canal: 'presencial',
      resultado: 'prata',
      observacoes: 'Boa orientação sobre alvará; o horário divulgado no site estava desatualizado.',
    },
  ],
  5: [
    {
      grupo: CURRENT,
      dataVisita: '2026-03-17',
      avaliador: 'Rafael Nunes',
      canal: 'telefone',
      resultado: 'bronze',
      observacoes: 'Atendente atencioso, mas sem informação sobre crédito.',
    },
  ],
  6: [
    {
      grupo: PREVIOUS,
      dataVisita: '2025-11-05',
      avaliador: 'Marina Costa',
      canal: 'presencial',
      resultado: 'nenhum',
      observacoes: 'Sala fechada no horário divulgado; voltei no dia seguinte.',
    },
    {
      grupo: CURRENT,
      dataVisita: '2026-05-12',
      avaliador: 'Marina Costa',
      canal: 'presencial',
      resultado: 'bronze',
      observacoes: 'Horário cumprido; orientação parcial.',
    },
  ],
};

/** The open round is half answered: the evaluator came back from the visit and is filling it in. */
const HALF = Object.fromEntries(Object.entries(ANSWERS.prata).slice(0, 5));

/** Mystery-shopper rounds of a tenant's municipalities (by position); a municipality with rounds is left as it is. */
export async function seedMysteryShopper(tx: Tx, tenantId: string, municipioIds: number[], counter: Counter): Promise<void> {
  for (const [position, rounds] of Object.entries(ROUNDS)) {
    const municipioId = municipioIds[Number(position)];
    if (municipioId === undefined) continue;
    const [already] = await tx
      .select({ id: s.clienteOcultoRodada.rodadaId })
      .from(s.clienteOcultoRodada)
      .where(scoped(s.clienteOcultoRodada, tenantId, eq(s.clienteOcultoRodada.municipioId, municipioId)))
      .limit(1);
    if (already) continue;
    for (const r of rounds) {
      const { resultado, ...fields } = r;
      const open = resultado === 'aberta';
      const respostas = open ? HALF : ANSWERS[resultado];
      const pontuacao = score(respostas);
      const selo = open ? null : sealOf(pontuacao);
      if (!open && selo !== (resultado === 'nenhum' ? null : resultado))
        throw new Error(`seed cliente oculto: ${pontuacao}% não dá ${resultado}`);
      await tx.insert(s.clienteOcultoRodada).values(
        withTenant(tenantId, {
          ...fields,
          municipioId,
          respostas,
          finalizada: !open,
          pontuacao: open ? null : pontuacao,
          selo,
          tokenSelo: selo ? randomBytes(32).toString('base64url') : null,
          finalizadaEm: open ? null : new Date(`${r.dataVisita}T18:00:00-03:00`),
        }),
      );
      counter.created++;
    }
  }
}
