import { defineDeviceStores } from '../../offline/tables.ts';

// What opening the device store needs of these tables: the service worker imports only this, the rows are in table.ts.
export const solutionsStores = defineDeviceStores({ name: 'solucoes', versions: { 1: '&municipioSolucaoId, municipioId' } });

export const tasksStores = defineDeviceStores({ name: 'tarefas', versions: { 1: '&municipioTarefaId, municipioId' } });

/** v5 (issue 16): filled by GET get-andamento-tarefas/{id} and the offline bundle. */
export const taskProgressStores = defineDeviceStores({ name: 'andamentoTarefas', versions: { 5: '&municipioTarefaId, municipioId' } });
