import type { Table } from 'dexie';
import { followupSchema, type FollowupListItem, type FollowupQuestion } from '../../domain/followups.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { followupsStores } from './stores.ts';

/**
 * A follow-up: the list's row, and its questions once the follow-up was read whole (GET
 * acompanhamento/{id}, the offline bundle, or a queued answer applied on top). A list pull keeps
 * the questions a row already has, so a follow-up opened once still opens offline.
 */
export type AcompanhamentoRow = FollowupListItem & { perguntas?: FollowupQuestion[] } & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    acompanhamentos: Table<AcompanhamentoRow, number>;
  }
}

/** Scope of a municipality's follow-up list (GET acompanhamento/acompanhamentos/{id}), which the bundle also fills. */
export function followupListScope(municipioId: number): string {
  return `acompanhamentos:municipio:${municipioId}`;
}

export const followupsTable = defineDeviceTable({
  ...followupsStores,
  // The bundle holds whole follow-ups (with their questions), so they open and are answered offline.
  row: followupSchema,
  // An older server sends none: the list then keeps its rows and its own age.
  bundle: { key: 'acompanhamentos', whenAbsent: 'keep', scopes: (municipioId) => [followupListScope(municipioId)] },
});
