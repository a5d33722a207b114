import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { followups } from '../../contract/followups.ts';
import { query } from '../../data/query.ts';
import { actionPlanSchema } from '../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * GET api/acompanhamento/acompanhamentos/plano-acao/{municipioId}?ids=1,2: the questions answered
 * Não in the selected follow-ups, by theme, with the solutions that address them. Read online: the
 * plan joins the municipality's solutions and tasks on the server. No request while `ids` is null
 * (an unreadable address).
 */
export const useActionPlan = query.online((municipioId: number, ids: readonly number[] | null) =>
  ids === null
    ? null
    : {
        key: ['acompanhamento', 'plano-acao', municipioId, ids.join(',')],
        // The ids as the spec writes them (1,2): queryString would encode the commas.
        fetch: (signal: AbortSignal) =>
          api.get(`${pathOf(followups.actionPlan, { id: municipioId })}?ids=${ids.join(',')}`, { signal }).json(),
        schema: actionPlanSchema,
        errorMessage: ERROR_MESSAGES.getFollowUps,
      },
);
