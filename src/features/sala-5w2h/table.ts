import type { Table } from 'dexie';
import { planSchema, type Plan } from '../../domain/sala-5w2h.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { plansStores } from './stores.ts';

export type Plano5w2hRow = Plan & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    planos5w2h: Table<Plano5w2hRow, number>;
  }
}

/** Scope of a room's plan list (GET api/sala5w2h?municipioId=), which the bundle also fills. */
export function planListScope(municipioId: number): string {
  return `planos5w2h:municipio:${municipioId}`;
}

export const plansTable = defineDeviceTable({
  ...plansStores,
  row: planSchema,
  // An older server sends none: the device's plans are then left as they are rather than emptied.
  bundle: { key: 'planos5w2h', whenAbsent: 'keep', scopes: (municipioId) => [planListScope(municipioId)] },
});
