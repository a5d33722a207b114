import { asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { MunicipalityGroup } from '../../../src/domain/members.ts';
import type { MunicipalityListItem } from '../../../src/domain/municipality.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Conn } from '../../lib/command.ts';
import {
  encontro,
  membro,
  membroGrupo,
  municipio,
  municipioGrupo,
  municipioSolucao,
  municipioTarefa,
  perguntaEvidencia,
  perguntaMunicipio,
  projeto,
  relatorio,
  status,
  statusContrato,
  tema,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { findMunicipalityDetail, municipalityExists, municipalityWithVigente, selectMunicipalities } from '../../lib/municipality.ts';

export { findMunicipalityDetail, municipalityExists, municipalityWithVigente };

/** `onlyIds` undefined = every municipality of the tenant. */
export async function listMunicipalities(db: Conn, tenantId: string, onlyIds?: number[]): Promise<MunicipalityListItem[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  return selectMunicipalities(db, {})
    .where(scoped(municipio, tenantId, onlyIds ? inArray(municipio.municipioId, onlyIds) : undefined))
    .orderBy(asc(municipio.nome));
}

/** Sorted like every list the user reads: accent- and case-insensitive (spec §1). */
export async function listMunicipalityNames(db: Conn, tenantId: string, onlyIds?: number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await db
    .select({ municipioId: municipio.municipioId, nome: municipio.nome })
    .from(municipio)
    .where(scoped(municipio, tenantId, onlyIds ? inArray(municipio.municipioId, onlyIds) : undefined));
  return rows.sort((a, b) => compareText(a.nome, b.nome) || a.municipioId - b.municipioId);
}

/** Municipalities with questions on the axis of the theme; null when the theme is not the tenant's. */
export async function listMunicipalitiesOfThemeAxis(
  db: Conn,
  tenantId: string,
  temaId: number,
  onlyIds?: number[],
): Promise<MunicipalityListItem[] | null> {
  const [theme] = await db
    .select({ eixoId: tema.eixoId })
    .from(tema)
    .where(scoped(tema, tenantId, eq(tema.temaId, temaId)));
  if (!theme) return null;
  if (onlyIds && onlyIds.length === 0) return [];
  const withAxis = db
    .select({ municipioId: perguntaMunicipio.municipioId })
    .from(perguntaMunicipio)
    .where(scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.eixoId, theme.eixoId)));
  const rows = await selectMunicipalities(db, {}).where(
    scoped(municipio, tenantId, inArray(municipio.municipioId, withAxis), onlyIds ? inArray(municipio.municipioId, onlyIds) : undefined),
  );
  return rows.sort((a, b) => compareText(a.nome, b.nome) || a.municipioId - b.municipioId);
}

/** Counts for the city header; null when the municipality is not the tenant's. */
export async function municipalityMiniDash(db: Conn, tenantId: string, municipioId: number) {
  const questions = (condition: SQL) =>
    db.$count(perguntaMunicipio, scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.municipioId, municipio.municipioId), condition));
  // One statement: each number a correlated count over the municipality's own indexed rows.
  const evidence = (condition: SQL) =>
    sql<number>`(select count(*) from ${perguntaEvidencia} e join ${perguntaMunicipio} q on q.pergunta_municipio_id = e.pergunta_municipio_id
      where q.municipio_id = municipio.municipio_id and ${condition})::int`;
  const [row] = await db
    .select({
      municipioId: municipio.municipioId,
      membros: db.$count(membro, scoped(membro, tenantId, eq(membro.municipioId, municipio.municipioId))),
      grupos: db.$count(municipioGrupo, scoped(municipioGrupo, tenantId, eq(municipioGrupo.municipioId, municipio.municipioId))),
      perguntasRespondidas: questions(isNotNull(perguntaMunicipio.resposta)),
      perguntasEvidenciadas: questions(eq(perguntaMunicipio.evidenciada, true)),
      perguntasRejeitadas: questions(eq(perguntaMunicipio.rejeitada, true)),
      encontros: db.$count(
        encontro,
        scoped(encontro, tenantId, eq(encontro.municipioId, municipio.municipioId), eq(encontro.encontroType, 'encontro')),
      ),
      tarefas: sql<number>`(select count(*) from ${municipioTarefa} t join ${municipioSolucao} s on s.municipio_solucao_id = t.municipio_solucao_id
        where t.municipio_id = municipio.municipio_id and not t.desabilitado and not s.desabilitado)::int`,
      tarefasCumpridas: sql<number>`(select count(*) from ${municipioTarefa} t join ${municipioSolucao} s on s.municipio_solucao_id = t.municipio_solucao_id
        where t.municipio_id = municipio.municipio_id and not t.desabilitado and not s.desabilitado and t.cumprida)::int`,
      evidenciasAprovadas: evidence(sql`e.aprovada`),
      evidenciasRejeitadas: evidence(sql`e.rejeitada`),
      evidenciasPendentes: evidence(sql`not e.aprovada and not e.rejeitada`),
      pontos: municipio.pontos,
      selo: municipio.selo,
      ultimoRelatorio: sql<string | null>`(select max(r.criado_em) from ${relatorio} r where r.municipio_id = municipio.municipio_id)`,
    })
    .from(municipio)
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  return row ? { ...row, ultimoRelatorio: row.ultimoRelatorio === null ? null : new Date(row.ultimoRelatorio).toISOString() } : null;
}

export type MunicipalityPatch = Partial<{
  nome: string;
  statusId: number | null;
  statusContratoId: number | null;
  projetoId: number | null;
  statusRelacionamento: number;
  statusParticipacao: number;
}>;

/**
 * The foreign keys only prove the row exists somewhere; this proves it is the tenant's.
 * Returns the pt-BR message of the first reference that is not, or null.
 */
export async function invalidReference(db: Conn, tenantId: string, patch: MunicipalityPatch): Promise<string | null> {
  if (patch.statusId) {
    const [row] = await db
      .select({ id: status.statusId })
      .from(status)
      .where(scoped(status, tenantId, eq(status.statusId, patch.statusId)));
    if (!row) return 'Status não encontrado.';
  }
  if (patch.statusContratoId) {
    const [row] = await db
      .select({ id: statusContrato.statusContratoId })
      .from(statusContrato)
      .where(scoped(statusContrato, tenantId, eq(statusContrato.statusContratoId, patch.statusContratoId)));
    if (!row) return 'Status de contrato não encontrado.';
  }
  if (patch.projetoId) {
    const [row] = await db
      .select({ id: projeto.projetoId })
      .from(projeto)
      .where(scoped(projeto, tenantId, eq(projeto.projetoId, patch.projetoId)));
    if (!row) return 'Projeto não encontrado.';
  }
  return null;
}

export async function updateMunicipality(db: Conn, tenantId: string, municipioId: number, patch: MunicipalityPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(municipio)
    .set(patch)
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
}

/** What keeps a municipality from being deleted: its people and its history. */
export async function municipalityUsage(db: Conn, tenantId: string, municipioId: number) {
  const [membros, encontros] = await Promise.all([
    db.$count(membro, scoped(membro, tenantId, eq(membro.municipioId, municipioId))),
    db.$count(encontro, scoped(encontro, tenantId, eq(encontro.municipioId, municipioId))),
  ]);
  return { membros, encontros };
}

/** Groups, questions and solutions of the municipality go with it (ON DELETE CASCADE). */
export async function deleteMunicipality(db: Conn, tenantId: string, municipioId: number): Promise<void> {
  await db.delete(municipio).where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
}

function selectGroups(db: Conn, tenantId: string) {
  return db
    .select({
      grupoId: municipioGrupo.grupoId,
      municipioId: municipioGrupo.municipioId,
      nome: municipioGrupo.nome,
      quantidadeMembros: count(membroGrupo.id),
    })
    .from(municipioGrupo)
    .leftJoin(membroGrupo, scoped(membroGrupo, tenantId, eq(membroGrupo.grupoId, municipioGrupo.grupoId)))
    .groupBy(municipioGrupo.grupoId, municipioGrupo.municipioId, municipioGrupo.nome);
}

export async function listGroups(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalityGroup[]> {
  const rows = await selectGroups(db, tenantId).where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.municipioId, municipioId)));
  return rows.sort((a, b) => compareText(a.nome, b.nome) || a.grupoId - b.grupoId);
}

export async function findGroup(db: Conn, tenantId: string, grupoId: number): Promise<MunicipalityGroup | null> {
  const [row] = await selectGroups(db, tenantId).where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.grupoId, grupoId)));
  return row ?? null;
}

export async function insertGroup(db: Conn, tenantId: string, municipioId: number, nome: string): Promise<number> {
  const [row] = await db
    .insert(municipioGrupo)
    .values(withTenant(tenantId, { municipioId, nome }))
    .returning({ grupoId: municipioGrupo.grupoId });
  return row!.grupoId;
}

export async function renameGroup(db: Conn, tenantId: string, grupoId: number, nome: string): Promise<void> {
  await db
    .update(municipioGrupo)
    .set({ nome })
    .where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.grupoId, grupoId)));
}

export async function groupUsage(db: Conn, tenantId: string, grupoId: number) {
  const [membros, encontros] = await Promise.all([
    db.$count(membroGrupo, scoped(membroGrupo, tenantId, eq(membroGrupo.grupoId, grupoId))),
    db.$count(encontro, scoped(encontro, tenantId, eq(encontro.grupoId, grupoId))),
  ]);
  return { membros, encontros };
}

export async function deleteGroup(db: Conn, tenantId: string, grupoId: number): Promise<void> {
  await db.delete(municipioGrupo).where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.grupoId, grupoId)));
}
