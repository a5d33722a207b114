import type { Table } from 'dexie';
import type { Meeting } from '../../domain/meetings.ts';
import { offlineMeetingSchema, type OfflineMeeting } from '../../domain/offline-rows.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { meetingsStores } from './stores.ts';

/**
 * Rows stored by the offline bundle or the report form carry only the offline shape; rows pulled
 * by the calendar also carry the calendar's extras (group name, guests...).
 */
export type EncontroRow = OfflineMeeting & Partial<Omit<Meeting, keyof OfflineMeeting>> & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    encontros: Table<EncontroRow, number>;
  }
}

export const meetingsTable = defineDeviceTable({
  ...meetingsStores,
  // Loose: the calendar's answer carries more (solutions of the event, temRelatorio) and the device keeps it.
  row: offlineMeetingSchema.loose(),
  bundle: { key: 'encontros' },
});
