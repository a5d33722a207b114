import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { splitInstalments, type ProposalEvent, type ProposalStatus } from '../../src/domain/proposals.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

type Demo = {
  titulo: string;
  status: ProposalStatus;
  investimento: number;
  contrapartida: number;
  parcelas: number;
  primeiroVencimento: string;
  premium: boolean;
  extras: { descricao: string; valor: number }[];
  motivo?: string;
};

/** One proposal in each status (issue 30): values in integer cents that keep every invariant of src/domain/proposals.ts. */
const DEMOS: Demo[] = [
  {
    titulo: 'Programa Cidade Empreendedora 2027',
    status: 'aprovada',
    investimento: 18_000_000,
    contrapartida: 12_000_000,
    parcelas: 6,
    primeiroVencimento: '2027-01-10',
    premium: true,
    extras: [{ descricao: 'Capacitação de agentes de desenvolvimento', valor: 2_500_000 }],
  },
  {
    titulo: 'Sala do Empreendedor: ampliação do atendimento',
    status: 'enviada',
    investimento: 4_500_050,
    contrapartida: 3_000_000,
    parcelas: 3,
    primeiroVencimento: '2027-02-15',
    premium: false,
    extras: [],
  },
  {
    titulo: 'Compras públicas locais',
    status: 'rejeitada',
    investimento: 6_000_000,
    contrapartida: 1_500_000,
    parcelas: 4,
    primeiroVencimento: '2027-03-05',
    premium: false,
    extras: [{ descricao: 'Feira de fornecedores', valor: 800_000 }],
    motivo: 'A contrapartida do Sebrae está abaixo do mínimo do programa; rever as soluções incluídas.',
  },
  {
    titulo: 'Educação empreendedora nas escolas municipais',
    status: 'rascunho',
    investimento: 2_400_000,
    contrapartida: 2_400_000,
    parcelas: 12,
    primeiroVencimento: '2027-03-31',
    premium: false,
    extras: [],
  },
];

/** The history each status implies: created, sent, then the decision. */
const EVENTS: Record<ProposalStatus, ProposalEvent[]> = {
  rascunho: ['criada'],
  enviada: ['criada', 'enviada'],
  aprovada: ['criada', 'enviada', 'aprovada'],
  rejeitada: ['criada', 'enviada', 'rejeitada'],
};

/**
 * Proposals of the demo: each municipality of the tenant with a project gets one proposal in each
 * status, with instalments, solutions of its project and two axes, written by the conductor and
 * decided by the analyst. Idempotent: a municipality that has proposals is left as it is.
 */
export async function seedProposals(tx: Tx, tenantId: string, ensure: Ensure) {
  const userId = async (email: string) =>
    (await tx.select({ id: s.usuario.usuarioId }).from(s.usuario).where(scoped(s.usuario, tenantId, eq(s.usuario.email, email))))[0]?.id;
  const author = (await userId('condutor@demo.local')) ?? (await userId('admin@demo.local'));
  const analyst = (await userId('analista@demo.local')) ?? author;
  if (!author || !analyst) return;
  const places = await tx
    .select({ municipioId: s.municipio.municipioId, projetoId: s.municipio.projetoId })
    .from(s.municipio)
    .where(scoped(s.municipio, tenantId, isNotNull(s.municipio.projetoId)))
    .orderBy(asc(s.municipio.municipioId));
  for (const place of places) {
    const [already] = await tx
      .select({ id: s.proposta.propostaId })
      .from(s.proposta)
      .where(scoped(s.proposta, tenantId, eq(s.proposta.municipioId, place.municipioId)))
      .limit(1);
    if (already) continue;
    const solutions = await tx
      .select({ solucaoId: s.solucao.solucaoId })
      .from(s.solucao)
      .innerJoin(s.grupoSolucao, eq(s.grupoSolucao.grupoSolucaoId, s.solucao.grupoSolucaoId))
      .where(and(scoped(s.solucao, tenantId), eq(s.grupoSolucao.projetoId, place.projetoId!)))
      .orderBy(asc(s.solucao.solucaoId))
      .limit(6);
    const axes = await tx.select({ eixoId: s.eixo.eixoId }).from(s.eixo).where(scoped(s.eixo, tenantId)).orderBy(asc(s.eixo.eixoId)).limit(4);
    for (const [i, demo] of DEMOS.entries()) {
      const row = await ensure(s.proposta, [eq(s.proposta.municipioId, place.municipioId), eq(s.proposta.titulo, demo.titulo)], {
        municipioId: place.municipioId,
        titulo: demo.titulo,
        status: demo.status,
        valorTotal: demo.investimento + demo.contrapartida,
        investimentoMunicipio: demo.investimento,
        contrapartidaSebrae: demo.contrapartida,
        premium: demo.premium,
        observacoes: demo.premium ? 'Inclui acompanhamento mensal do comitê gestor e relatório trimestral de resultados.' : '',
        motivoRejeicao: demo.motivo ?? null,
        criadoPorId: author,
        criadoEm: new Date(`2026-${String(8 + i).padStart(2, '0')}-1${i}T10:00:00-03:00`),
      });
      const id = row.propostaId;
      const pick = <T>(list: T[], from: number, n: number) => list.slice(from % Math.max(1, list.length), (from % Math.max(1, list.length)) + n);
      for (const { solucaoId } of pick(solutions, i, 2))
        await ensure(s.propostaSolucao, [eq(s.propostaSolucao.propostaId, id), eq(s.propostaSolucao.solucaoId, solucaoId)], { propostaId: id, solucaoId });
      for (const { eixoId } of pick(axes, i, 2))
        await ensure(s.propostaEixo, [eq(s.propostaEixo.propostaId, id), eq(s.propostaEixo.eixoId, eixoId)], { propostaId: id, eixoId });
      for (const [ordem, extra] of demo.extras.entries())
        await ensure(s.propostaExtra, [eq(s.propostaExtra.propostaId, id), eq(s.propostaExtra.ordem, ordem)], { propostaId: id, ordem, ...extra });
      for (const p of splitInstalments(demo.investimento, demo.parcelas, demo.primeiroVencimento))
        await ensure(s.propostaParcela, [eq(s.propostaParcela.propostaId, id), eq(s.propostaParcela.numero, p.numero)], { propostaId: id, ...p });
      for (const [step, evento] of EVENTS[demo.status].entries()) {
        const decision = evento === 'aprovada' || evento === 'rejeitada';
        await ensure(s.propostaHistorico, [eq(s.propostaHistorico.propostaId, id), eq(s.propostaHistorico.evento, evento)], {
          propostaId: id,
          evento,
          motivo: evento === 'rejeitada' ? (demo.motivo ?? null) : null,
          usuarioId: decision ? analyst : author,
          em: new Date(`2026-${String(8 + i).padStart(2, '0')}-1${i}T1${step}:00:00-03:00`),
        });
      }
    }
  }
}
