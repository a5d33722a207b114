import { z } from 'zod';
import { useServerData } from '../../api/use-server-data.ts';

export { type Remote } from '../../api/use-server-data.ts';
export { httpStatusOf } from '../../lib/api-errors.ts';

// The city area's own data; what other features share (the municipality, its groups and members)
// lives in src/entities.

export const miniDashSchema = z.object({
  municipioId: z.number().int(),
  membros: z.number().int(),
  grupos: z.number().int(),
  perguntasRespondidas: z.number().int(),
  perguntasEvidenciadas: z.number().int(),
  perguntasRejeitadas: z.number().int(),
  encontros: z.number().int(),
});
export type MiniDash = z.infer<typeof miniDashSchema>;

/** GET api/municipio/get-mini-dash/{id}. Failures stay inside the summary, which offers a retry. */
export function useMiniDash(municipioId: number) {
  return useServerData(`municipio/get-mini-dash/${municipioId}`, miniDashSchema);
}
