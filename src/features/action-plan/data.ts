import { useServerData } from '../../api/use-server-data.ts';
import { actionPlanSchema } from '../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * GET api/acompanhamento/acompanhamentos/plano-acao/{municipioId}?ids=1,2: the questions answered
 * Não in the selected follow-ups, by theme, with the solutions that address them. Read online: the
 * plan joins the municipality's solutions and tasks on the server. No request while `ids` is null
 * (an unreadable address).
 */
export function useActionPlan(municipioId: number, ids: readonly number[] | null) {
  const path = ids === null ? null : `acompanhamento/acompanhamentos/plano-acao/${municipioId}?ids=${ids.join(',')}`;
  return useServerData(path, actionPlanSchema, ERROR_MESSAGES.getFollowUps);
}
