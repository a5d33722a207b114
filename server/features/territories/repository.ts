import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../lib/command.ts';
import {
  municipio,
  municipioSolucao,
  relatorio,
  solucao,
  territorio,
  territorioAgente,
  territorioMunicipio,
  unidadeRegional,
  usuario,
  visita,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { compareText } from '../../../src/domain/text.ts';
import type {
  Territory,
  TerritoryOptions,
  TerritoryValues,
  Visit,
  VisitFilter,
  VisitOptions,
  VisitStatus,
} from '../../../src/domain/territories.ts';

/** Territories' and visits' SQL: every query scoped by tenant, rows or null (never an HTTP error). */

// ------------------------------------------------------------------------------ territories

export async function listTerritories(db: Conn, tenantId: string, id?: number): Promise<Territory[]> {
  const rows = await db
    .select({
      territorioId: territorio.territorioId,
      nome: territorio.nome,
      uf: territorio.uf,
      unidadeRegionalId: territorio.unidadeRegionalId,
      unidadeRegional: unidadeRegional.nomeRegiao,
      descricao: territorio.descricao,
    })
    .from(territorio)
    .leftJoin(unidadeRegional, eq(unidadeRegional.unidadeRegionalId, territorio.unidadeRegionalId))
    .where(scoped(territorio, tenantId, id === undefined ? undefined : eq(territorio.territorioId, id)));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.territorioId);
  const places = await db
    .select({ territorioId: territorioMunicipio.territorioId, municipioId: municipio.municipioId, nome: municipio.nome })
    .from(territorioMunicipio)
    .innerJoin(municipio, eq(municipio.municipioId, territorioMunicipio.municipioId))
    .where(scoped(territorioMunicipio, tenantId, inArray(territorioMunicipio.territorioId, ids)));
  const agents = await db
    .select({ territorioId: territorioAgente.territorioId, usuarioId: usuario.usuarioId, nome: usuario.nome })
    .from(territorioAgente)
    .innerJoin(usuario, eq(usuario.usuarioId, territorioAgente.usuarioId))
    .where(scoped(territorioAgente, tenantId, inArray(territorioAgente.territorioId, ids)));
  return rows
    .map((r) => ({
      ...r,
      municipios: places
        .filter((p) => p.territorioId === r.territorioId)
        .map(({ municipioId, nome }) => ({ municipioId, nome }))
        .sort((a, b) => compareText(a.nome, b.nome)),
      agentes: agents
        .filter((a) => a.territorioId === r.territorioId)
        .map(({ usuarioId, nome }) => ({ usuarioId, nome }))
        .sort((a, b) => compareText(a.nome, b.nome)),
    }))
    .sort((a, b) => compareText(a.nome, b.nome));
}

export async function findTerritory(db: Conn, tenantId: string, id: number): Promise<Territory | null> {
  return (await listTerritories(db, tenantId, id))[0] ?? null;
}

export async function territoryNamed(db: Conn, tenantId: string, nome: string): Promise<number | null> {
  const [row] = await db
    .select({ id: territorio.territorioId })
    .from(territorio)
    .where(scoped(territorio, tenantId, sql`lower(${territorio.nome}) = lower(${nome})`));
  return row?.id ?? null;
}

async function writeMembers(db: Conn, tenantId: string, territorioId: number, values: TerritoryValues): Promise<void> {
  await db.delete(territorioMunicipio).where(scoped(territorioMunicipio, tenantId, eq(territorioMunicipio.territorioId, territorioId)));
  await db.delete(territorioAgente).where(scoped(territorioAgente, tenantId, eq(territorioAgente.territorioId, territorioId)));
  if (values.municipioIds.length > 0)
    await db
      .insert(territorioMunicipio)
      .values(values.municipioIds.map((municipioId) => withTenant(tenantId, { territorioId, municipioId })));
  if (values.usuarioIds.length > 0)
    await db.insert(territorioAgente).values(values.usuarioIds.map((usuarioId) => withTenant(tenantId, { territorioId, usuarioId })));
}

const territoryColumns = (v: TerritoryValues) => ({
  nome: v.nome,
  uf: v.uf,
  unidadeRegionalId: v.unidadeRegionalId,
  descricao: v.descricao,
});

export async function createTerritory(db: Conn, tenantId: string, values: TerritoryValues): Promise<number> {
  const [row] = await db
    .insert(territorio)
    .values(withTenant(tenantId, territoryColumns(values)))
    .returning({ id: territorio.territorioId });
  await writeMembers(db, tenantId, row!.id, values);
  return row!.id;
}

export async function updateTerritory(db: Conn, tenantId: string, id: number, values: TerritoryValues): Promise<boolean> {
  const rows = await db
    .update(territorio)
    .set(territoryColumns(values))
    .where(scoped(territorio, tenantId, eq(territorio.territorioId, id)))
    .returning({ id: territorio.territorioId });
  if (rows.length === 0) return false;
  await writeMembers(db, tenantId, id, values);
  return true;
}

export async function removeTerritory(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(territorio)
    .where(scoped(territorio, tenantId, eq(territorio.territorioId, id)))
    .returning({ id: territorio.territorioId });
  return rows.length > 0;
}

/** The municipalities of the tenant among `ids`, with their UF (to check the territory's UF and ownership). */
export async function municipalitiesAmong(
  db: Conn,
  tenantId: string,
  ids: readonly number[],
): Promise<{ municipioId: number; uf: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ municipioId: municipio.municipioId, uf: municipio.uf })
    .from(municipio)
    .where(scoped(municipio, tenantId, inArray(municipio.municipioId, [...ids])));
}

export async function regionalUnitUf(db: Conn, tenantId: string, id: number): Promise<string | null> {
  const [row] = await db
    .select({ uf: unidadeRegional.uf })
    .from(unidadeRegional)
    .where(scoped(unidadeRegional, tenantId, eq(unidadeRegional.unidadeRegionalId, id)));
  return row?.uf ?? null;
}

export async function enabledUsersAmong(db: Conn, tenantId: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: usuario.usuarioId })
    .from(usuario)
    .where(scoped(usuario, tenantId, inArray(usuario.usuarioId, [...ids]), eq(usuario.habilitado, true)));
  return rows.map((r) => r.id);
}

export async function territoryOptions(db: Conn, tenantId: string): Promise<TerritoryOptions> {
  const [municipios, unidadesRegionais, usuarios] = await Promise.all([
    db
      .select({ municipioId: municipio.municipioId, nome: municipio.nome, uf: municipio.uf })
      .from(municipio)
      .where(scoped(municipio, tenantId)),
    db
      .select({ unidadeRegionalId: unidadeRegional.unidadeRegionalId, nomeRegiao: unidadeRegional.nomeRegiao, uf: unidadeRegional.uf })
      .from(unidadeRegional)
      .where(scoped(unidadeRegional, tenantId)),
    db
      .select({ usuarioId: usuario.usuarioId, nome: usuario.nome })
      .from(usuario)
      .where(scoped(usuario, tenantId, eq(usuario.habilitado, true), eq(usuario.administradorSistema, false))),
  ]);
  return {
    municipios: municipios.sort((a, b) => compareText(a.nome, b.nome)),
    unidadesRegionais: unidadesRegionais.sort((a, b) => compareText(a.nomeRegiao, b.nomeRegiao)),
    usuarios: usuarios.sort((a, b) => compareText(a.nome, b.nome)),
  };
}

// ------------------------------------------------------------------------------ visits

const agente = alias(usuario, 'agente');

const visitColumns = {
  visitaId: visita.visitaId,
  municipioId: visita.municipioId,
  municipio: municipio.nome,
  usuarioId: visita.usuarioId,
  agente: agente.nome,
  territorioId: visita.territorioId,
  territorio: territorio.nome,
  municipioSolucaoId: visita.municipioSolucaoId,
  solucao: municipioSolucao.nome,
  relatorioId: visita.relatorioId,
  relatorio: relatorio.titulo,
  status: visita.status,
  dataPrevista: visita.dataPrevista,
  dataRealizada: visita.dataRealizada,
  horas: visita.horas,
  observacao: visita.observacao,
};

async function selectVisits(db: Conn, tenantId: string, ...conditions: (SQL | undefined)[]): Promise<Visit[]> {
  return db
    .select(visitColumns)
    .from(visita)
    .innerJoin(municipio, eq(municipio.municipioId, visita.municipioId))
    .innerJoin(agente, eq(agente.usuarioId, visita.usuarioId))
    .leftJoin(territorio, eq(territorio.territorioId, visita.territorioId))
    .leftJoin(municipioSolucao, eq(municipioSolucao.municipioSolucaoId, visita.municipioSolucaoId))
    .leftJoin(relatorio, eq(relatorio.relatorioId, visita.relatorioId))
    .where(scoped(visita, tenantId, ...conditions))
    .orderBy(sql`${visita.dataPrevista} desc`, sql`${visita.visitaId} desc`);
}

export async function findVisit(db: Conn, tenantId: string, id: number): Promise<Visit | null> {
  return (await selectVisits(db, tenantId, eq(visita.visitaId, id)))[0] ?? null;
}

export function listMunicipalityVisits(db: Conn, tenantId: string, municipioId: number): Promise<Visit[]> {
  return selectVisits(db, tenantId, eq(visita.municipioId, municipioId));
}

/** The management list; `municipioIds` 'all' or the municipalities the user sees. */
export async function listVisits(
  db: Conn,
  tenantId: string,
  filter: VisitFilter,
  municipioIds: 'all' | readonly number[],
): Promise<Visit[]> {
  if (municipioIds !== 'all' && municipioIds.length === 0) return [];
  return selectVisits(
    db,
    tenantId,
    municipioIds === 'all' ? undefined : inArray(visita.municipioId, [...municipioIds]),
    filter.territorioId === undefined ? undefined : eq(visita.territorioId, filter.territorioId),
    filter.usuarioId === undefined ? undefined : eq(visita.usuarioId, filter.usuarioId),
    filter.municipioId === undefined ? undefined : eq(visita.municipioId, filter.municipioId),
    filter.status === undefined ? undefined : eq(visita.status, filter.status),
    filter.de === undefined ? undefined : gte(visita.dataPrevista, filter.de),
    filter.ate === undefined ? undefined : lte(visita.dataPrevista, filter.ate),
  );
}

export type VisitColumns = {
  municipioId: number;
  usuarioId: number;
  territorioId: number | null;
  municipioSolucaoId: number | null;
  relatorioId: number | null;
  status: VisitStatus;
  dataPrevista: string;
  dataRealizada: string | null;
  horas: number;
  observacao: string;
};

export async function insertVisit(db: Conn, tenantId: string, values: VisitColumns): Promise<number> {
  const [row] = await db.insert(visita).values(withTenant(tenantId, values)).returning({ id: visita.visitaId });
  return row!.id;
}

export async function updateVisit(db: Conn, tenantId: string, id: number, values: Omit<VisitColumns, 'municipioId'>): Promise<boolean> {
  const rows = await db
    .update(visita)
    .set({ ...values, atualizadoEm: new Date() })
    .where(scoped(visita, tenantId, eq(visita.visitaId, id)))
    .returning({ id: visita.visitaId });
  return rows.length > 0;
}

export async function removeVisit(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(visita)
    .where(scoped(visita, tenantId, eq(visita.visitaId, id)))
    .returning({ id: visita.visitaId });
  return rows.length > 0;
}

/** The municipality's solutions followed by visits (monitoramento 2), with their targets. */
export async function visitSolutions(db: Conn, tenantId: string, municipioId: number): Promise<VisitOptions['solucoes']> {
  const rows = await db
    .select({
      municipioSolucaoId: municipioSolucao.municipioSolucaoId,
      nome: municipioSolucao.nome,
      visitasPresenciais: solucao.visitasPresenciais,
      horasPrevistasVisitasPresenciais: solucao.horasPrevistasVisitasPresenciais,
    })
    .from(municipioSolucao)
    .innerJoin(solucao, eq(solucao.solucaoId, municipioSolucao.solucaoId))
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioId, municipioId), eq(solucao.monitoramento, 2)))
    .orderBy(asc(municipioSolucao.nome));
  return rows;
}

export async function visitOptions(db: Conn, tenantId: string, municipioId: number): Promise<VisitOptions> {
  const [solucoes, relatorios, territorios] = await Promise.all([
    visitSolutions(db, tenantId, municipioId),
    db
      .select({ relatorioId: relatorio.relatorioId, titulo: relatorio.titulo, criadoEm: relatorio.criadoEm })
      .from(relatorio)
      .where(scoped(relatorio, tenantId, eq(relatorio.municipioId, municipioId)))
      .orderBy(sql`${relatorio.criadoEm} desc`)
      .limit(200),
    db
      .select({ territorioId: territorio.territorioId, nome: territorio.nome })
      .from(territorio)
      .innerJoin(territorioMunicipio, eq(territorioMunicipio.territorioId, territorio.territorioId))
      .where(scoped(territorio, tenantId, eq(territorioMunicipio.municipioId, municipioId))),
  ]);
  const agentes =
    territorios.length === 0
      ? []
      : await db
          .selectDistinct({ usuarioId: usuario.usuarioId, nome: usuario.nome })
          .from(territorioAgente)
          .innerJoin(usuario, eq(usuario.usuarioId, territorioAgente.usuarioId))
          .where(
            scoped(
              territorioAgente,
              tenantId,
              inArray(
                territorioAgente.territorioId,
                territorios.map((t) => t.territorioId),
              ),
            ),
          );
  return {
    solucoes,
    relatorios: relatorios.map((r) => ({ relatorioId: r.relatorioId, titulo: r.titulo, data: r.criadoEm.toISOString().slice(0, 10) })),
    territorios: territorios.sort((a, b) => compareText(a.nome, b.nome)),
    agentes: agentes.sort((a, b) => compareText(a.nome, b.nome)),
  };
}

/** Whether a territory contains the municipality. */
export async function territoryHas(db: Conn, tenantId: string, territorioId: number, municipioId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: territorioMunicipio.territorioId })
    .from(territorioMunicipio)
    .where(
      scoped(
        territorioMunicipio,
        tenantId,
        and(eq(territorioMunicipio.territorioId, territorioId), eq(territorioMunicipio.municipioId, municipioId)),
      ),
    );
  return row !== undefined;
}

export async function reportOf(db: Conn, tenantId: string, relatorioId: number): Promise<{ municipioId: number } | null> {
  const [row] = await db
    .select({ municipioId: relatorio.municipioId })
    .from(relatorio)
    .where(scoped(relatorio, tenantId, eq(relatorio.relatorioId, relatorioId)));
  return row ?? null;
}
