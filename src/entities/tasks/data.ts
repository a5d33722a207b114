import { api } from '../../api/client.ts';
import { meetingOptionsSchema, type MeetingOptions } from '../../domain/meetings.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import type { SolucaoRow, TarefaRow } from '../../offline/db.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';

/**
 * A municipality's solutions and their tasks (spec §3 "Solution", "Task"), as the offline bundle
 * stores them and GET api/calendario/encontro/opcoes/{id} serves them: meetings pick tasks from
 * here, and later domains (follow-ups, evidence, payments) list the same rows.
 */

export type SolutionsAndTasks = { solucoes: SolucaoRow[]; tarefas: TarefaRow[] };

/** The municipality's solutions and tasks, from the device first. */
export function useSolutionsAndTasks(municipioId: number) {
  const scope = `opcoes-encontro:municipio:${municipioId}`;
  return useLocalFirst<SolutionsAndTasks, MeetingOptions>({
    scope,
    deps: [municipioId],
    read: async (db) => ({
      solucoes: await db.solucoes.where('municipioId').equals(municipioId).toArray(),
      tarefas: await db.tarefas.where('municipioId').equals(municipioId).toArray(),
    }),
    fetch: async (signal) => meetingOptionsSchema.parse(await api.get(`calendario/encontro/opcoes/${municipioId}`, { signal }).json()),
    write: async (db, options) => {
      const range = { index: 'municipioId', equals: municipioId };
      await pullInto(db, 'solucoes', options.solucoes, scope, { range });
      await pullInto(db, 'tarefas', options.tarefas, scope, { range });
    },
    direct: (options) => {
      const now = Date.now();
      return {
        solucoes: options.solucoes.map((s) => ({ ...s, syncedAt: now, pending: 0 as const })),
        tarefas: options.tarefas.map((t) => ({ ...t, syncedAt: now, pending: 0 as const })),
      };
    },
    syncedAtOf: (options) => oldestSync([...options.solucoes, ...options.tarefas]),
    errorMessage: ERROR_MESSAGES.getTasks,
  });
}
