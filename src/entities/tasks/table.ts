import type { Table } from 'dexie';
import {
  offlineSolutionSchema,
  offlineTaskProgressSchema,
  offlineTaskSchema,
  type OfflineSolution,
  type OfflineTask,
  type OfflineTaskProgress,
} from '../../domain/offline-bundle.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';

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
  name: 'solucoes',
  row: offlineSolutionSchema,
  versions: { 1: '&municipioSolucaoId, municipioId' },
  bundle: { key: 'solucoes' },
});

export const tasksTable = defineDeviceTable({
  name: 'tarefas',
  row: offlineTaskSchema,
  versions: { 1: '&municipioTarefaId, municipioId' },
  bundle: { key: 'tarefas' },
});

/** v5 (issue 16): filled by GET get-andamento-tarefas/{id} and the offline bundle. */
export const taskProgressTable = defineDeviceTable({
  name: 'andamentoTarefas',
  row: offlineTaskProgressSchema,
  versions: { 5: '&municipioTarefaId, municipioId' },
  // An older server sends none: the Andamento tab then keeps what it had.
  bundle: { key: 'andamentoTarefas', whenAbsent: 'keep', scopes: (municipioId) => [taskProgressScope(municipioId)] },
});
