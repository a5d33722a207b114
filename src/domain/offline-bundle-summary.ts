import { z } from 'zod';

/**
 * In a module of its own: the city header reads it on every city tab, without the bundle's schemas
 * (every domain's, offline-bundle.ts) on the tab's critical path (issue 32).
 */

/** What "Disponível offline" will download for a municipality, shown before it starts (src/contract/sync.ts, `summary`). */
export const offlineBundleSummarySchema = z.object({
  municipioId: z.number().int(),
  /** Size in bytes of the bundle's JSON body as GET api/offline/municipio/{id} sends it. */
  bytes: z.number().int(),
  contagens: z.object({
    grupos: z.number().int(),
    membros: z.number().int(),
    encontros: z.number().int(),
    solucoes: z.number().int(),
    tarefas: z.number().int(),
    perguntas: z.number().int(),
    relatorios: z.number().int().optional(),
    relatoriosAdministrativos: z.number().int().optional(),
    acompanhamentos: z.number().int().optional(),
    perguntasEvidencia: z.number().int().optional(),
    andamentoTarefas: z.number().int().optional(),
    salaLeituras: z.number().int().optional(),
    planos5w2h: z.number().int().optional(),
    visitas: z.number().int().optional(),
  }),
});
export type OfflineBundleSummary = z.infer<typeof offlineBundleSummarySchema>;
