import { z } from 'zod';
import { call } from '../../api/call.ts';
import { sala as endpoints } from '../../contract/sala.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { roomSchema, SALA_MESSAGES, type ReadingRow, type RoomHome, type RoomInput } from '../../domain/sala.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { openStore } from '../../offline/store.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { salaReadingKind, type ReadingPayload } from './kinds.ts';
import { readingsScope, roomHomeScope, type SalaLeituraRow, type SalaRow } from './table.ts';

/**
 * The Sala do Empreendedor's room as every screen of it reads it (issue 29): the room's home (the
 * room, its seal, the indicators and levels of the user's pillars) and the indicator map's readings
 * are local-first, so they open offline once the municipality is on the device ("Disponível
 * offline" brings them in its bundle); a reading is recorded through the outbox. The rooms' list
 * and the room's form are online.
 */

const roomsKey = ['sala', 'salas'];
const roomListSchema = z.array(roomSchema);

const useHome = query.local((municipioId: number | null) => {
  const scope = municipioId === null ? null : roomHomeScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb): Promise<SalaRow | undefined> => (municipioId === null ? undefined : db.salas.get(municipioId)),
    fetch: (signal: AbortSignal) => call(endpoints.home, { params: { id: municipioId! }, signal }),
    write: (db: OfflineDb, home: RoomHome) =>
      pullInto(db, 'salas', [home], scope!, { range: { index: 'municipioId', equals: municipioId! } }),
    direct: (home: RoomHome): SalaRow => ({ ...home, syncedAt: Date.now(), pending: 0 }),
    syncedAtOf: (row: SalaRow) => (row.syncedAt > 0 ? row.syncedAt : null),
    // A municipality without a room (or out of sight) is not shown from an old copy.
    isGone: (error: unknown) => httpStatusOf(error) === 404,
  };
});

const useReadings = query.local((municipioId: number | null) => {
  const scope = municipioId === null ? null : readingsScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb): Promise<SalaLeituraRow[] | undefined> => {
      if (municipioId === null) return undefined;
      const rows = await db.salaLeituras.where('municipioId').equals(municipioId).toArray();
      // Never pulled nor bundled here: nothing cached rather than an empty map.
      return rows.length > 0 || (await lastSyncedAt(db, scope!)) !== null ? rows : undefined;
    },
    fetch: (signal: AbortSignal) => call(endpoints.readings, { query: { municipioId: municipioId! }, signal }),
    write: (db: OfflineDb, rows: ReadingRow[]) =>
      pullInto(db, 'salaLeituras', rows, scope!, { range: { index: 'municipioId', equals: municipioId! } }),
    direct: (rows: ReadingRow[]): SalaLeituraRow[] => rows.map((r) => ({ ...r, syncedAt: Date.now(), pending: 0 as const })),
    // The map draws the answer as it arrives (issue 29 item 12: 1,800 readings took longer to store and
    // read back than to draw), with the readings recorded here and not yet sent in place of the server's.
    preview: {
      read: (db: OfflineDb) =>
        municipioId === null
          ? Promise.resolve([])
          : db.salaLeituras
              .where('municipioId')
              .equals(municipioId)
              .filter((r) => r.pending === 1)
              .toArray(),
      merge: (rows: ReadingRow[], pending: SalaLeituraRow[] | undefined): SalaLeituraRow[] => {
        const mine = new Map((pending ?? []).map((r) => [r.chave, r]));
        const merged: SalaLeituraRow[] = rows.map((r) => mine.get(r.chave) ?? { ...r, syncedAt: Date.now(), pending: 0 as const });
        const answered = new Set(rows.map((r) => r.chave));
        return [...merged, ...(pending ?? []).filter((r) => !answered.has(r.chave))];
      },
    },
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter as leituras dos indicadores',
  };
});

const useRooms = query.online(() => ({
  key: roomsKey,
  fetch: (signal: AbortSignal) => call(endpoints.rooms, { signal }),
  schema: roomListSchema,
  errorMessage: 'Erro ao obter as salas',
}));

/** Keeps the device's room in step after a change made online (its name and seal show at once). */
async function refreshHome(municipioId: number): Promise<void> {
  const db = await openStore();
  if (!db) return;
  const home = await call(endpoints.home, { params: { id: municipioId } });
  await pullInto(db, 'salas', [home], roomHomeScope(municipioId), { range: { index: 'municipioId', equals: municipioId } });
}

const createRoom = command.online({
  send: (body: RoomInput) => call(endpoints.create, { body }),
  schema: roomSchema,
  invalidates: () => [roomsKey],
  failure: { message: SALA_MESSAGES.saveRoom },
});

const updateRoom = command.online({
  send: (body: RoomInput) => call(endpoints.update, { body }),
  schema: roomSchema,
  after: (room) => refreshHome(room.municipioId),
  invalidates: () => [roomsKey],
  failure: { message: SALA_MESSAGES.saveRoom },
});

const removeRoom = command.online({
  send: async (municipioId: number) => {
    await call(endpoints.remove, { params: { id: municipioId } });
    await (await openStore())?.salas.delete(municipioId);
  },
  invalidates: () => [roomsKey],
  failure: { message: 'Não foi possível excluir a sala.' },
});

/** Records a reading through the outbox: on the map at once, on the server once (now or when back online). */
const recordReading = command.offline<ReadingPayload>(salaReadingKind as never, { failure: { message: SALA_MESSAGES.saveReading } });

export const salaRoom = { useHome, useReadings, useRooms, createRoom, updateRoom, removeRoom, recordReading };
