import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import {
  meetingName,
  startOfDay,
  toWallClock,
  type CalendarEvent,
  type CalendarEventFilter,
  type CalendarEventInput,
  type MeetingListItem,
} from '../../../src/domain/meetings.ts';
import { compareText } from '../../../src/domain/text.ts';
import {
  calendarioEvento,
  encontro,
  encontroConvidado,
  encontroSolucao,
  encontroTarefa,
  municipio,
  municipioGrupo,
  municipioSolucao,
  municipioTarefa,
  relatorio,
  usuario,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { idsInMunicipality } from '../../lib/municipality-records.ts';

/** What a meeting row holds besides its links; the instants are already parsed. */
export type MeetingRecord = {
  municipioId: number;
  grupoId: number;
  encontroType: string;
  titulo: string | null;
  local: string | null;
  inicio: Date;
  fim: Date;
  solucaoIds: number[];
  tarefaIds: number[];
  convidados: { membroId: number; confirmado: boolean }[];
};

/** Which meetings a query returns; `municipioIds` undefined = every municipality of the tenant. */
export type MeetingQuery = {
  municipioIds?: number[];
  encontroIds?: number[];
  grupoIds?: number[];
  usuarioIds?: number[];
  encontroType?: string | null;
  /** São Paulo calendar days, both included. */
  inicio?: string | null;
  fim?: string | null;
  /** Only meetings no report was written from. */
  semRelatorio?: boolean;
};

/** "2025-03-10" → "2025-03-11", on the calendar (noon UTC keeps clear of any zone shift). */
function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** [start of the first day, start of the day after the last), São Paulo days: a meeting belongs to the day it starts on. */
function periodConditions(column: typeof encontro.inicio | typeof calendarioEvento.inicio, inicio?: string | null, fim?: string | null) {
  const from = inicio ? startOfDay(inicio) : null;
  const until = fim ? startOfDay(nextDay(fim)) : null;
  return [from ? gte(column, from) : undefined, until ? lt(column, until) : undefined];
}

/** Large searches are read in chunks: one IN list per query stays far below the parameter limit. */
async function readInChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const reads: Promise<T[]>[] = [];
  for (let i = 0; i < ids.length; i += 5000) reads.push(read(ids.slice(i, i + 5000)));
  return (await Promise.all(reads)).flat();
}

function hasReport(tenantId: string) {
  return scoped(relatorio, tenantId, eq(relatorio.encontroId, encontro.encontroId));
}

export async function listMeetings(db: Conn, tenantId: string, query: MeetingQuery): Promise<MeetingListItem[]> {
  for (const list of [query.municipioIds, query.encontroIds, query.grupoIds, query.usuarioIds]) if (list && list.length === 0) return [];
  const reportOf = db
    .select({ one: sql`1` })
    .from(relatorio)
    .where(hasReport(tenantId));
  const conditions: (SQL | undefined)[] = [
    query.municipioIds ? inArray(encontro.municipioId, query.municipioIds) : undefined,
    query.encontroIds ? inArray(encontro.encontroId, query.encontroIds) : undefined,
    query.grupoIds ? inArray(encontro.grupoId, query.grupoIds) : undefined,
    query.usuarioIds ? inArray(encontro.criadoPorId, query.usuarioIds) : undefined,
    query.encontroType ? eq(encontro.encontroType, query.encontroType) : undefined,
    ...periodConditions(encontro.inicio, query.inicio, query.fim),
    query.semRelatorio ? notExists(reportOf) : undefined,
  ];
  const rows = await db
    .select({
      encontroId: encontro.encontroId,
      municipioId: encontro.municipioId,
      municipioNome: municipio.nome,
      grupoId: encontro.grupoId,
      grupoNome: municipioGrupo.nome,
      titulo: encontro.titulo,
      local: encontro.local,
      inicio: encontro.inicio,
      fim: encontro.fim,
      encontroType: encontro.encontroType,
      criadoPorId: encontro.criadoPorId,
      criadoPorNome: usuario.nome,
      temRelatorio: exists(reportOf).mapWith(Boolean),
    })
    .from(encontro)
    .innerJoin(municipioGrupo, eq(municipioGrupo.grupoId, encontro.grupoId))
    .innerJoin(municipio, eq(municipio.municipioId, encontro.municipioId))
    .leftJoin(usuario, and(eq(usuario.usuarioId, encontro.criadoPorId), eq(usuario.tenantId, tenantId)))
    .where(scoped(encontro, tenantId, ...conditions))
    .orderBy(asc(encontro.inicio), asc(encontro.encontroId));
  if (rows.length === 0) return [];

  const ids = rows.map((r) => r.encontroId);
  const [tasks, guests, solutions] = await Promise.all([
    readInChunks(ids, (chunk) =>
      db
        .select({
          encontroId: encontroTarefa.encontroId,
          municipioTarefaId: municipioTarefa.municipioTarefaId,
          nome: municipioTarefa.nome,
          horas: municipioTarefa.horas,
        })
        .from(encontroTarefa)
        .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, encontroTarefa.municipioTarefaId))
        .where(scoped(encontroTarefa, tenantId, inArray(encontroTarefa.encontroId, chunk))),
    ),
    readInChunks(ids, (chunk) =>
      db
        .select({
          encontroId: encontroConvidado.encontroId,
          membroId: encontroConvidado.membroId,
          confirmado: encontroConvidado.confirmado,
        })
        .from(encontroConvidado)
        .where(scoped(encontroConvidado, tenantId, inArray(encontroConvidado.encontroId, chunk)))
        .orderBy(asc(encontroConvidado.id)),
    ),
    readInChunks(ids, (chunk) =>
      db
        .select({
          encontroId: encontroSolucao.encontroId,
          municipioSolucaoId: municipioSolucao.municipioSolucaoId,
          nome: municipioSolucao.nome,
        })
        .from(encontroSolucao)
        .innerJoin(municipioSolucao, eq(municipioSolucao.municipioSolucaoId, encontroSolucao.municipioSolucaoId))
        .where(scoped(encontroSolucao, tenantId, inArray(encontroSolucao.encontroId, chunk))),
    ),
  ]);
  const byMeeting = <T extends { encontroId: number }>(items: T[]) => {
    const map = new Map<number, Omit<T, 'encontroId'>[]>();
    for (const { encontroId, ...rest } of items) {
      const list = map.get(encontroId) ?? [];
      list.push(rest);
      map.set(encontroId, list);
    }
    return map;
  };
  const tasksOf = byMeeting(tasks);
  const guestsOf = byMeeting(guests);
  const solutionsOf = byMeeting(solutions);
  return rows.map((r) => ({
    ...r,
    inicio: r.inicio.toISOString(),
    fim: r.fim.toISOString(),
    inicioString: toWallClock(r.inicio),
    fimString: toWallClock(r.fim),
    grupoData: meetingName({ grupoNome: r.grupoNome, inicio: r.inicio }),
    tarefas: (tasksOf.get(r.encontroId) ?? []).sort((a, b) => compareText(a.nome, b.nome)),
    convidados: guestsOf.get(r.encontroId) ?? [],
    solucoes: (solutionsOf.get(r.encontroId) ?? []).sort((a, b) => compareText(a.nome, b.nome)),
  }));
}

export async function findMeeting(db: Conn, tenantId: string, encontroId: number): Promise<MeetingListItem | null> {
  const [found] = await listMeetings(db, tenantId, { encontroIds: [encontroId] });
  return found ?? null;
}

/** Just enough to check access before loading the whole meeting. */
export async function findMeetingOwner(db: Conn, tenantId: string, encontroId: number) {
  const [row] = await db
    .select({
      encontroId: encontro.encontroId,
      municipioId: encontro.municipioId,
      temRelatorio: exists(
        db
          .select({ one: sql`1` })
          .from(relatorio)
          .where(hasReport(tenantId)),
      ).mapWith(Boolean),
    })
    .from(encontro)
    .where(scoped(encontro, tenantId, eq(encontro.encontroId, encontroId)));
  return row ?? null;
}

export async function meetingNames(db: Conn, tenantId: string, encontroIds: number[], municipioIds: number[] | undefined) {
  if (encontroIds.length === 0 || (municipioIds && municipioIds.length === 0)) return [];
  const rows = await db
    .select({ encontroId: encontro.encontroId, grupoNome: municipioGrupo.nome, inicio: encontro.inicio })
    .from(encontro)
    .innerJoin(municipioGrupo, eq(municipioGrupo.grupoId, encontro.grupoId))
    .where(
      scoped(
        encontro,
        tenantId,
        inArray(encontro.encontroId, encontroIds),
        municipioIds ? inArray(encontro.municipioId, municipioIds) : undefined,
      ),
    )
    .orderBy(asc(encontro.inicio), asc(encontro.encontroId));
  return rows.map((r) => ({ encontroId: r.encontroId, nome: meetingName(r) }));
}

/**
 * Proves every referenced group, solution, task and member is one of this municipality's (the
 * foreign keys only prove they exist somewhere). Returns the key of the first offending kind.
 * The tasks' solutions are returned so the meeting lists them among its solutions.
 */
export async function checkReferences(
  db: Conn,
  tenantId: string,
  municipioId: number,
  refs: { grupoId: number; solucaoIds: number[]; tarefaIds: number[]; membroIds: number[] },
): Promise<{ ok: true; taskSolutionIds: number[] } | { ok: false; kind: 'grupo' | 'solucao' | 'tarefa' | 'membro' }> {
  const [group] = await db
    .select({ municipioId: municipioGrupo.municipioId })
    .from(municipioGrupo)
    .where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.grupoId, refs.grupoId)));
  if (!group || group.municipioId !== municipioId) return { ok: false, kind: 'grupo' };
  const unique = (ids: number[]) => [...new Set(ids)];
  const solucaoIds = unique(refs.solucaoIds);
  const solutions = await idsInMunicipality(db, tenantId, municipioId, 'solucao', solucaoIds);
  if (solutions.size !== solucaoIds.length) return { ok: false, kind: 'solucao' };
  let taskSolutionIds: number[] = [];
  const tarefaIds = unique(refs.tarefaIds);
  if (tarefaIds.length > 0) {
    const found = await db
      .select({ id: municipioTarefa.municipioTarefaId, solucaoId: municipioTarefa.municipioSolucaoId })
      .from(municipioTarefa)
      .where(
        scoped(
          municipioTarefa,
          tenantId,
          eq(municipioTarefa.municipioId, municipioId),
          inArray(municipioTarefa.municipioTarefaId, tarefaIds),
        ),
      );
    if (found.length !== tarefaIds.length) return { ok: false, kind: 'tarefa' };
    taskSolutionIds = unique(found.map((t) => t.solucaoId));
  }
  const membroIds = unique(refs.membroIds);
  const members = await idsInMunicipality(db, tenantId, municipioId, 'membro', membroIds);
  if (members.size !== membroIds.length) return { ok: false, kind: 'membro' };
  return { ok: true, taskSolutionIds };
}

/** The meeting's own columns; the municipality is fixed at creation. */
function columnsOf(record: MeetingRecord) {
  return {
    grupoId: record.grupoId,
    encontroType: record.encontroType,
    titulo: record.titulo,
    local: record.local,
    inicio: record.inicio,
    fim: record.fim,
  };
}

async function writeLinks(tx: Tx, tenantId: string, encontroId: number, record: MeetingRecord) {
  const solucaoIds = [...new Set(record.solucaoIds)];
  const tarefaIds = [...new Set(record.tarefaIds)];
  // The last choice of a repeated guest wins, as in the dialog.
  const guests = [...new Map(record.convidados.map((g) => [g.membroId, g])).values()];
  if (solucaoIds.length > 0) {
    await tx
      .insert(encontroSolucao)
      .values(solucaoIds.map((municipioSolucaoId) => withTenant(tenantId, { encontroId, municipioSolucaoId })));
  }
  if (tarefaIds.length > 0) {
    await tx.insert(encontroTarefa).values(tarefaIds.map((municipioTarefaId) => withTenant(tenantId, { encontroId, municipioTarefaId })));
  }
  if (guests.length > 0) {
    await tx
      .insert(encontroConvidado)
      .values(guests.map((g) => withTenant(tenantId, { encontroId, membroId: g.membroId, confirmado: g.confirmado })));
  }
}

/** Inserts the meetings with their links, in the command's transaction: a batch lands whole or not at all. */
export async function insertMeetings(tx: Tx, tenantId: string, records: MeetingRecord[], criadoPorId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const record of records) {
    const [row] = await tx
      .insert(encontro)
      .values(withTenant(tenantId, { ...columnsOf(record), municipioId: record.municipioId, criadoPorId }))
      .returning({ encontroId: encontro.encontroId });
    await writeLinks(tx, tenantId, row!.encontroId, record);
    ids.push(row!.encontroId);
  }
  return ids;
}

/** Replaces the meeting's fields and links (the dialog always sends the whole meeting), in the command's transaction. */
export async function updateMeeting(tx: Tx, tenantId: string, encontroId: number, record: MeetingRecord): Promise<void> {
  await tx
    .update(encontro)
    .set(columnsOf(record))
    .where(scoped(encontro, tenantId, eq(encontro.encontroId, encontroId)));
  await tx.delete(encontroSolucao).where(scoped(encontroSolucao, tenantId, eq(encontroSolucao.encontroId, encontroId)));
  await tx.delete(encontroTarefa).where(scoped(encontroTarefa, tenantId, eq(encontroTarefa.encontroId, encontroId)));
  await tx.delete(encontroConvidado).where(scoped(encontroConvidado, tenantId, eq(encontroConvidado.encontroId, encontroId)));
  await writeLinks(tx, tenantId, encontroId, record);
}

/** Links go with the meeting (ON DELETE CASCADE). */
export async function deleteMeeting(db: Conn, tenantId: string, encontroId: number): Promise<void> {
  await db.delete(encontro).where(scoped(encontro, tenantId, eq(encontro.encontroId, encontroId)));
}

// ---------------------------------------------------------------- programme calendar events

const eventColumns = {
  eventoId: calendarioEvento.eventoId,
  titulo: calendarioEvento.titulo,
  descricao: calendarioEvento.descricao,
  local: calendarioEvento.local,
  inicio: calendarioEvento.inicio,
  fim: calendarioEvento.fim,
  diaInteiro: calendarioEvento.diaInteiro,
  criadoPorNome: usuario.nome,
};

type EventRow = { inicio: Date; fim: Date } & Omit<CalendarEvent, 'inicio' | 'fim' | 'inicioString' | 'fimString'>;

function toEvent(row: EventRow): CalendarEvent {
  return {
    ...row,
    inicio: row.inicio.toISOString(),
    fim: row.fim.toISOString(),
    inicioString: toWallClock(row.inicio),
    fimString: toWallClock(row.fim),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listEvents(
  db: Conn,
  tenantId: string,
  filter: CalendarEventFilter & { eventoId?: number },
): Promise<CalendarEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(calendarioEvento)
    .leftJoin(usuario, and(eq(usuario.usuarioId, calendarioEvento.criadoPorId), eq(usuario.tenantId, tenantId)))
    .where(
      scoped(
        calendarioEvento,
        tenantId,
        filter.eventoId !== undefined ? eq(calendarioEvento.eventoId, filter.eventoId) : undefined,
        filter.titulo ? ilike(calendarioEvento.titulo, `%${escapeLike(filter.titulo)}%`) : undefined,
        ...periodConditions(calendarioEvento.inicio, filter.inicio, filter.fim),
      ),
    )
    .orderBy(desc(calendarioEvento.inicio), desc(calendarioEvento.eventoId));
  return rows.map(toEvent);
}

export async function findEvent(db: Conn, tenantId: string, eventoId: number): Promise<CalendarEvent | null> {
  const [found] = await listEvents(db, tenantId, { eventoId });
  return found ?? null;
}

type EventValues = Omit<CalendarEventInput, 'inicioString' | 'fimString'> & { inicio: Date; fim: Date };

export async function insertEvent(db: Conn, tenantId: string, values: EventValues, criadoPorId: number): Promise<number> {
  const [row] = await db
    .insert(calendarioEvento)
    .values(withTenant(tenantId, { ...values, criadoPorId }))
    .returning({ eventoId: calendarioEvento.eventoId });
  return row!.eventoId;
}

/** False when the event is not the tenant's. */
export async function updateEvent(db: Conn, tenantId: string, eventoId: number, values: EventValues): Promise<boolean> {
  const rows = await db
    .update(calendarioEvento)
    .set(values)
    .where(scoped(calendarioEvento, tenantId, eq(calendarioEvento.eventoId, eventoId)))
    .returning({ eventoId: calendarioEvento.eventoId });
  return rows.length > 0;
}

export async function deleteEvent(db: Conn, tenantId: string, eventoId: number): Promise<boolean> {
  const rows = await db
    .delete(calendarioEvento)
    .where(scoped(calendarioEvento, tenantId, eq(calendarioEvento.eventoId, eventoId)))
    .returning({ eventoId: calendarioEvento.eventoId });
  return rows.length > 0;
}
