import type { Table } from 'dexie';
import { offlineQuestionSchema, type OfflineQuestion } from '../../domain/offline-bundle.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';

export type PerguntaRow = OfflineQuestion & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    perguntas: Table<PerguntaRow, number>;
  }
}

export const questionsTable = defineDeviceTable({
  name: 'perguntas',
  row: offlineQuestionSchema,
  versions: { 1: '&perguntaMunicipioId, municipioId, temaId, [municipioId+temaId]' },
  bundle: { key: 'perguntas' },
});
