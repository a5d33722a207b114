import type { Table } from 'dexie';
import { readingRowSchema, roomHomeSchema, type ReadingRow, type RoomHome } from '../../domain/sala.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { readingsStores, roomsStores } from './stores.ts';

export type SalaRow = RoomHome & SyncFields;
export type SalaLeituraRow = ReadingRow & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    salas: Table<SalaRow, number>;
    salaLeituras: Table<SalaLeituraRow, number>;
  }
}

export const roomHomeScope = (municipioId: number) => `salas:municipio:${municipioId}`;
export const readingsScope = (municipioId: number) => `salaLeituras:municipio:${municipioId}`;

/** A municipality without a room has none in its bundle; an older server sends no key: the device keeps what it had. */
export const roomsTable = defineDeviceTable({
  ...roomsStores,
  row: roomHomeSchema,
  bundle: { key: 'salas', whenAbsent: 'keep', scopes: (municipioId) => [roomHomeScope(municipioId)] },
});

export const readingsTable = defineDeviceTable({
  ...readingsStores,
  row: readingRowSchema,
  bundle: { key: 'salaLeituras', whenAbsent: 'keep', scopes: (municipioId) => [readingsScope(municipioId)] },
});
