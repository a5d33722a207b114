import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { BASE_DATE } from './data.ts';
import type { Ensure, Tx } from './ensure.ts';

/**
 * The territories' demo (issue 31): two territories per tenant, each with the regional unit of its
 * first municipality and its agents, and a season of visits in each of their municipalities: two
 * done (the first proven by the municipality's latest field report, when it has one), one cancelled
 * and two planned. The first territory's agent is agente@demo.local, the second's the conductor.
 * Idempotent: territories are found by name, visits by municipality, agent and planned date.
 */

const TERRITORIES = [
  {
    nome: 'Território Litoral e Vale',
    positions: [0, 1, 2],
    agents: ['agente@demo.local', 'condutor@demo.local'],
    visitor: 'agente@demo.local',
  },
  { nome: 'Território Interior', positions: [3, 4, 5], agents: ['condutor@demo.local'], visitor: 'condutor@demo.local' },
];

function shift(days: number): string {
  const d = new Date(`${BASE_DATE}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const SEASON: {
  dias: number;
  status: 'planejada' | 'realizada' | 'cancelada';
  horas: number;
  observacao: string;
  comRelatorio?: boolean;
}[] = [
  {
    dias: -24,
    status: 'realizada',
    horas: 4,
    observacao: 'Reunião com o comitê gestor e visita à Sala do Empreendedor.',
    comRelatorio: true,
  },
  { dias: -10, status: 'realizada', horas: 3, observacao: 'Acompanhamento das ações do plano com a secretaria de desenvolvimento.' },
  { dias: -4, status: 'cancelada', horas: 0, observacao: 'Cancelada a pedido da prefeitura (agenda do prefeito).' },
  { dias: 7, status: 'planejada', horas: 4, observacao: 'Oficina com os agentes de desenvolvimento.' },
  { dias: 21, status: 'planejada', horas: 3, observacao: 'Revisão das metas do trimestre.' },
];

export async function seedTerritories(
  tx: Tx,
  tenantId: string,
  uf: string,
  ensure: Ensure,
  municipioIds: readonly number[],
): Promise<void> {
  const users = await tx
    .select({ usuarioId: s.usuario.usuarioId, email: s.usuario.email })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, inArray(s.usuario.email, ['agente@demo.local', 'condutor@demo.local'])));
  const userId = (email: string) => users.find((u) => u.email === email)?.usuarioId;
  for (const t of TERRITORIES) {
    const ids = t.positions.map((p) => municipioIds[p]).filter((id): id is number => id !== undefined);
    if (ids.length === 0) continue;
    const [unit] = await tx
      .select({ id: s.unidadeRegionalMunicipio.unidadeRegionalId })
      .from(s.unidadeRegionalMunicipio)
      .where(scoped(s.unidadeRegionalMunicipio, tenantId, eq(s.unidadeRegionalMunicipio.municipioId, ids[0]!)));
    const territory = await ensure(s.territorio, [eq(s.territorio.nome, t.nome)], {
      nome: t.nome,
      uf,
      unidadeRegionalId: unit?.id ?? null,
      descricao: 'Municípios acompanhados pelo mesmo escritório territorial.',
    });
    for (const municipioId of ids)
      await ensure(
        s.territorioMunicipio,
        [eq(s.territorioMunicipio.territorioId, territory.territorioId), eq(s.territorioMunicipio.municipioId, municipioId)],
        { territorioId: territory.territorioId, municipioId },
      );
    for (const email of t.agents) {
      const usuarioId = userId(email);
      if (usuarioId === undefined) continue;
      await ensure(
        s.territorioAgente,
        [eq(s.territorioAgente.territorioId, territory.territorioId), eq(s.territorioAgente.usuarioId, usuarioId)],
        {
          territorioId: territory.territorioId,
          usuarioId,
        },
      );
    }
    const visitor = userId(t.visitor);
    if (visitor === undefined) continue;
    for (const municipioId of ids) {
      const [solution] = await tx
        .select({ id: s.municipioSolucao.municipioSolucaoId })
        .from(s.municipioSolucao)
        .innerJoin(s.solucao, eq(s.solucao.solucaoId, s.municipioSolucao.solucaoId))
        .where(scoped(s.municipioSolucao, tenantId, and(eq(s.municipioSolucao.municipioId, municipioId), eq(s.solucao.monitoramento, 2))))
        .orderBy(asc(s.municipioSolucao.municipioSolucaoId))
        .limit(1);
      const [report] = await tx
        .select({ id: s.relatorio.relatorioId })
        .from(s.relatorio)
        .where(scoped(s.relatorio, tenantId, eq(s.relatorio.municipioId, municipioId)))
        .orderBy(desc(s.relatorio.criadoEm))
        .limit(1);
      for (const v of SEASON) {
        const dataPrevista = shift(v.dias);
        await ensure(
          s.visita,
          [eq(s.visita.municipioId, municipioId), eq(s.visita.usuarioId, visitor), eq(s.visita.dataPrevista, dataPrevista)],
          {
            municipioId,
            usuarioId: visitor,
            territorioId: territory.territorioId,
            municipioSolucaoId: solution?.id ?? null,
            relatorioId: v.comRelatorio ? (report?.id ?? null) : null,
            status: v.status,
            dataPrevista,
            dataRealizada: v.status === 'realizada' ? dataPrevista : null,
            horas: v.horas,
            observacao: v.observacao,
          },
        );
      }
    }
  }
}
