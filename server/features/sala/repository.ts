import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  eixo,
  municipio,
  pergunta,
  perguntaMunicipio,
  sala,
  salaIndicador,
  salaIndicadorApuracao,
  salaIndicadorFonte,
  salaIndicadorLeitura,
  salaIndicadorMunicipio,
  salaIndicadorNivel,
  salaIndicadorUnidade,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { compareText } from '../../../src/domain/text.ts';
import {
  readingKey,
  type IndicatorInput,
  type IndicatorRow,
  type IndicatorUpdate,
  type LevelRow,
  type ReadingInput,
  type ReadingRow,
  type ReadingUpdate,
  type Room,
  type RoomInput,
} from '../../../src/domain/sala.ts';
import { reachedTarget, sealLevel } from '../../../src/domain/sala-seal.ts';

/** The Sala's SQL: every query scoped by tenant, rows or null (never an HTTP error). */

// ------------------------------------------------------------------ indicators (a register with joins)

const indicatorColumns = {
  indicadorId: salaIndicador.indicadorId,
  nome: salaIndicador.nome,
  descricao: salaIndicador.descricao,
  unidadeId: salaIndicador.unidadeId,
  unidadeNome: salaIndicadorUnidade.nome,
  unidadeSigla: salaIndicadorUnidade.sigla,
  fonteId: salaIndicador.fonteId,
  fonteNome: salaIndicadorFonte.nome,
  apuracaoId: salaIndicador.apuracaoId,
  apuracaoNome: salaIndicadorApuracao.nome,
  leituraId: salaIndicador.leituraId,
  leituraNome: salaIndicadorLeitura.nome,
  eixoId: salaIndicador.eixoId,
  eixoNome: eixo.nome,
  meta: salaIndicador.meta,
  maiorMelhor: salaIndicador.maiorMelhor,
  nivelIds: salaIndicador.nivelIds,
};

export async function listIndicators(db: Db, tenantId: string, id?: number): Promise<IndicatorRow[]> {
  const rows = await db
    .select(indicatorColumns)
    .from(salaIndicador)
    .innerJoin(salaIndicadorUnidade, eq(salaIndicadorUnidade.unidadeId, salaIndicador.unidadeId))
    .innerJoin(salaIndicadorFonte, eq(salaIndicadorFonte.fonteId, salaIndicador.fonteId))
    .innerJoin(salaIndicadorApuracao, eq(salaIndicadorApuracao.apuracaoId, salaIndicador.apuracaoId))
    .innerJoin(salaIndicadorLeitura, eq(salaIndicadorLeitura.leituraId, salaIndicador.leituraId))
    .innerJoin(eixo, eq(eixo.eixoId, salaIndicador.eixoId))
    .where(scoped(salaIndicador, tenantId, id === undefined ? undefined : eq(salaIndicador.indicadorId, id)));
  return rows.sort((a, b) => compareText(a.eixoNome, b.eixoNome) || compareText(a.nome, b.nome));
}

const indicatorValues = (input: IndicatorInput) => ({
  nome: input.nome,
  descricao: input.descricao,
  unidadeId: input.unidadeId,
  fonteId: input.fonteId,
  apuracaoId: input.apuracaoId,
  leituraId: input.leituraId,
  eixoId: input.eixoId,
  meta: input.meta,
  maiorMelhor: input.maiorMelhor,
  nivelIds: input.nivelIds,
});

export async function createIndicator(db: Db, tenantId: string, input: IndicatorInput): Promise<IndicatorRow> {
  const [row] = await db
    .insert(salaIndicador)
    .values(withTenant(tenantId, indicatorValues(input)))
    .returning({ id: salaIndicador.indicadorId });
  return (await listIndicators(db, tenantId, row!.id))[0]!;
}

export async function updateIndicator(db: Db, tenantId: string, input: IndicatorUpdate): Promise<IndicatorRow | null> {
  const [row] = await db
    .update(salaIndicador)
    .set(indicatorValues(input))
    .where(scoped(salaIndicador, tenantId, eq(salaIndicador.indicadorId, input.indicadorId)))
    .returning({ id: salaIndicador.indicadorId });
  return row ? ((await listIndicators(db, tenantId, row.id))[0] ?? null) : null;
}

export async function removeIndicator(db: Db, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(salaIndicador)
    .where(scoped(salaIndicador, tenantId, eq(salaIndicador.indicadorId, id)))
    .returning({ id: salaIndicador.indicadorId });
  return rows.length > 0;
}

/** Whether a level is named by an indicator (deleting it would leave the indicator graded by nothing). */
export async function levelInUse(db: Db, tenantId: string, nivelId: number): Promise<boolean> {
  return (await db.$count(salaIndicador, scoped(salaIndicador, tenantId, sql`${nivelId} = any(${salaIndicador.nivelIds})`))) > 0;
}

export async function listLevels(db: Db, tenantId: string): Promise<LevelRow[]> {
  return db
    .select({
      nivelId: salaIndicadorNivel.nivelId,
      nome: salaIndicadorNivel.nome,
      percentualMinimo: salaIndicadorNivel.percentualMinimo,
      descricao: salaIndicadorNivel.descricao,
    })
    .from(salaIndicadorNivel)
    .where(scoped(salaIndicadorNivel, tenantId))
    .orderBy(asc(salaIndicadorNivel.percentualMinimo));
}

// ------------------------------------------------------------------ readings

const readingColumns = {
  indicadorMunicipioId: salaIndicadorMunicipio.indicadorMunicipioId,
  municipioId: salaIndicadorMunicipio.municipioId,
  indicadorId: salaIndicadorMunicipio.indicadorId,
  periodo: salaIndicadorMunicipio.periodo,
  valor: salaIndicadorMunicipio.valor,
  meta: salaIndicadorMunicipio.meta,
  observacao: salaIndicadorMunicipio.observacao,
};
const withKey = (r: Omit<ReadingRow, 'chave'>): ReadingRow => ({ ...r, chave: readingKey(r.municipioId, r.indicadorId, r.periodo) });

/** A reading with its indicator's pillar (what access and the pillar rule read). */
export type StoredReading = ReadingRow & { eixoId: number };

export async function findReading(db: Db, tenantId: string, id: number): Promise<StoredReading | null> {
  const [row] = await db
    .select({ ...readingColumns, eixoId: salaIndicador.eixoId })
    .from(salaIndicadorMunicipio)
    .innerJoin(salaIndicador, eq(salaIndicador.indicadorId, salaIndicadorMunicipio.indicadorId))
    .where(scoped(salaIndicadorMunicipio, tenantId, eq(salaIndicadorMunicipio.indicadorMunicipioId, id)));
  return row ? { ...withKey(row), eixoId: row.eixoId } : null;
}

/** The municipality's readings on the given pillars ('all' = every one), by period then indicator. */
export async function listReadings(db: Db, tenantId: string, municipioId: number, pillars: 'all' | ReadonlySet<number>): Promise<ReadingRow[]> {
  if (pillars !== 'all' && pillars.size === 0) return [];
  const rows = await db
    .select(readingColumns)
    .from(salaIndicadorMunicipio)
    .innerJoin(salaIndicador, eq(salaIndicador.indicadorId, salaIndicadorMunicipio.indicadorId))
    .where(
      scoped(
        salaIndicadorMunicipio,
        tenantId,
        eq(salaIndicadorMunicipio.municipioId, municipioId),
        pillars === 'all' ? undefined : inArray(salaIndicador.eixoId, [...pillars]),
      ),
    )
    .orderBy(asc(salaIndicadorMunicipio.periodo), asc(salaIndicadorMunicipio.indicadorId));
  return rows.map(withKey);
}

/** Records a reading: the one of the same indicator and period is replaced (one value per period). */
export async function saveReading(db: Db, tenantId: string, input: ReadingInput & { meta: number }): Promise<ReadingRow> {
  const values = { valor: input.valor, meta: input.meta, observacao: input.observacao, atualizadoEm: new Date() };
  const [row] = await db
    .insert(salaIndicadorMunicipio)
    .values(withTenant(tenantId, { municipioId: input.municipioId, indicadorId: input.indicadorId, periodo: input.periodo, ...values }))
    .onConflictDoUpdate({
      target: [salaIndicadorMunicipio.municipioId, salaIndicadorMunicipio.indicadorId, salaIndicadorMunicipio.periodo],
      set: values,
    })
    .returning(readingColumns);
  return withKey(row!);
}

export async function updateReading(db: Db, tenantId: string, input: ReadingUpdate): Promise<ReadingRow | null> {
  const [row] = await db
    .update(salaIndicadorMunicipio)
    .set({ valor: input.valor, meta: input.meta, observacao: input.observacao, atualizadoEm: new Date() })
    .where(scoped(salaIndicadorMunicipio, tenantId, eq(salaIndicadorMunicipio.indicadorMunicipioId, input.indicadorMunicipioId)))
    .returning(readingColumns);
  return row ? withKey(row) : null;
}

export async function removeReading(db: Db, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(salaIndicadorMunicipio)
    .where(scoped(salaIndicadorMunicipio, tenantId, eq(salaIndicadorMunicipio.indicadorMunicipioId, id)))
    .returning({ id: salaIndicadorMunicipio.indicadorMunicipioId });
  return rows.length > 0;
}

/** An indicator's pillar and target, or null when it is not the tenant's. */
export async function indicatorBasics(db: Db, tenantId: string, indicadorId: number) {
  const [row] = await db
    .select({ eixoId: salaIndicador.eixoId, meta: salaIndicador.meta })
    .from(salaIndicador)
    .where(scoped(salaIndicador, tenantId, eq(salaIndicador.indicadorId, indicadorId)));
  return row ?? null;
}

// ------------------------------------------------------------------ rooms and their seal

const roomColumns = {
  salaId: sala.salaId,
  municipioId: sala.municipioId,
  municipioNome: municipio.nome,
  uf: municipio.uf,
  pontos: municipio.pontos,
  nome: sala.nome,
  responsavel: sala.responsavel,
  email: sala.email,
  telefone: sala.telefone,
  endereco: sala.endereco,
  inauguracao: sala.inauguracao,
};

/**
 * What the seal rule reads for each room (src/domain/sala-seal.ts): the municipality's points (what
 * its approved evidence has earned, as the product keeps them on the municipality) over the points
 * of all its questions, and how many of the tenant's indicators reached their target in their
 * latest reading. Grouped queries for any number of rooms.
 */
async function sealEvidence(db: Db, tenantId: string, municipioIds: number[]) {
  const possible = new Map<number, number>();
  const met = new Map<number, number>();
  if (municipioIds.length === 0) return { possible, met, total: 0 };
  const pointRows = await db
    .select({ municipioId: perguntaMunicipio.municipioId, pontos: sql<number>`coalesce(sum(${pergunta.pontos}), 0)::int` })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, and(eq(pergunta.tenantId, perguntaMunicipio.tenantId), eq(pergunta.perguntaId, perguntaMunicipio.perguntaId)))
    .where(scoped(perguntaMunicipio, tenantId, inArray(perguntaMunicipio.municipioId, municipioIds)))
    .groupBy(perguntaMunicipio.municipioId);
  for (const r of pointRows) possible.set(r.municipioId, r.pontos);

  const total = await db.$count(salaIndicador, scoped(salaIndicador, tenantId));
  const latest = await db
    .selectDistinctOn([salaIndicadorMunicipio.municipioId, salaIndicadorMunicipio.indicadorId], {
      municipioId: salaIndicadorMunicipio.municipioId,
      valor: salaIndicadorMunicipio.valor,
      meta: salaIndicadorMunicipio.meta,
      maiorMelhor: salaIndicador.maiorMelhor,
    })
    .from(salaIndicadorMunicipio)
    .innerJoin(salaIndicador, eq(salaIndicador.indicadorId, salaIndicadorMunicipio.indicadorId))
    .where(scoped(salaIndicadorMunicipio, tenantId, inArray(salaIndicadorMunicipio.municipioId, municipioIds)))
    .orderBy(salaIndicadorMunicipio.municipioId, salaIndicadorMunicipio.indicadorId, desc(salaIndicadorMunicipio.periodo));
  for (const r of latest) if (reachedTarget(r.valor, r.meta, r.maiorMelhor)) met.set(r.municipioId, (met.get(r.municipioId) ?? 0) + 1);
  return { possible, met, total };
}

export async function listRooms(db: Db, tenantId: string, municipioId?: number): Promise<Room[]> {
  const rows = await db
    .select(roomColumns)
    .from(sala)
    .innerJoin(municipio, eq(municipio.municipioId, sala.municipioId))
    .where(scoped(sala, tenantId, municipioId === undefined ? undefined : eq(sala.municipioId, municipioId)));
  const { possible, met, total } = await sealEvidence(
    db,
    tenantId,
    rows.map((r) => r.municipioId),
  );
  return rows
    .map(({ pontos, ...r }) => {
      const evidence = {
        pontosEvidencia: pontos,
        pontosPossiveis: possible.get(r.municipioId) ?? 0,
        indicadoresNaMeta: met.get(r.municipioId) ?? 0,
        indicadoresTotal: total,
      };
      return { ...r, inauguracao: r.inauguracao ?? null, ...evidence, selo: sealLevel(evidence) };
    })
    .sort((a, b) => compareText(a.municipioNome, b.municipioNome));
}

export async function findRoom(db: Db, tenantId: string, municipioId: number): Promise<Room | null> {
  return (await listRooms(db, tenantId, municipioId))[0] ?? null;
}

const roomValues = (input: RoomInput) => ({
  nome: input.nome,
  responsavel: input.responsavel,
  email: input.email,
  telefone: input.telefone,
  endereco: input.endereco,
  inauguracao: input.inauguracao,
});

/** false when the municipality already has a room. */
export async function createRoom(db: Db, tenantId: string, input: RoomInput): Promise<boolean> {
  const rows = await db
    .insert(sala)
    .values(withTenant(tenantId, { municipioId: input.municipioId, ...roomValues(input) }))
    .onConflictDoNothing()
    .returning({ id: sala.salaId });
  return rows.length > 0;
}

export async function updateRoom(db: Db, tenantId: string, input: RoomInput): Promise<boolean> {
  const rows = await db
    .update(sala)
    .set(roomValues(input))
    .where(scoped(sala, tenantId, eq(sala.municipioId, input.municipioId)))
    .returning({ id: sala.salaId });
  return rows.length > 0;
}

/** Deletes the room and the municipality's readings (they are the room's). */
export async function removeRoom(db: Db, tenantId: string, municipioId: number): Promise<boolean> {
  const rows = await db
    .delete(sala)
    .where(scoped(sala, tenantId, eq(sala.municipioId, municipioId)))
    .returning({ id: sala.salaId });
  if (rows.length === 0) return false;
  await db.delete(salaIndicadorMunicipio).where(scoped(salaIndicadorMunicipio, tenantId, eq(salaIndicadorMunicipio.municipioId, municipioId)));
  return true;
}
