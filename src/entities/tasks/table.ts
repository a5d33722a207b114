import type { Table } from 'dexie';
import {
  offlineSolutionSchema,
  offlineTaskProgressSchema,
  offlineTaskSchema,
  type OfflineSolution,
  type OfflineTask,
  type OfflineTaskProgress,
} from '../../domain/offline-rows.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { solutionsStores, taskProgressStores, tasksStores } from './stores.ts';

export type SolucaoRow = OfflineSolution & SyncFields;
export type TarefaRow = OfflineTask & SyncFields;
/** A municipality task's progress (done, planned and used hours), for the city's Andamento tab offline. */
export type AndamentoTarefaRow = OfflineTaskProgress & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    solucoes: Table<SolucaoRow, number>;
    tarefas: Table<TarefaRow, number>;
    andamentoTarefas: Table<AndamentoTarefaRow, number>;
  }
}

/** Scope of a municipality's task progress (GET get-andamento-tarefas/{id}), which the bundle also fills. */
export function taskProgressScope(municipioId: number): string {
  return `andamentoTarefas:municipio:${municipioId}`;
}

export const solutionsTable = defineDeviceTable({
  ...solutionsStores,
  row: offlineSolutionSchema,
  bundle: { key: 'solucoes' },
});

export const tasksTable = defineDeviceTable({
  ...tasksStores,
  row: offlineTaskSchema,
  bundle: { key: 'tarefas' },
});

/** v5 (issue 16): filled by GET get-andamento-tarefas/{id} and the offline bundle. */
export const taskProgressTable = defineDeviceTable({
  ...taskProgressStores,
  row: offlineTaskProgressSchema,
  // An older server sends none: the Andamento tab then keeps what it had.
  bundle: { key: 'andamentoTarefas', whenAbsent: 'keep', scopes: (municipioId) => [taskProgressScope(municipioId)] },
});
