import type { Table } from 'dexie';
import { offlineQuestionSchema, type OfflineQuestion } from '../../domain/offline-bundle.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { questionsStores } from './stores.ts';

export type PerguntaRow = OfflineQuestion & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    perguntas: Table<PerguntaRow, number>;
  }
}

export const questionsTable = defineDeviceTable({
  ...questionsStores,
  row: offlineQuestionSchema,
  bundle: { key: 'perguntas' },
});
