import { call } from '../../api/call.ts';
import { axes } from '../../contract/axes.ts';
import { query } from '../../data/query.ts';
import { axisListSchema } from '../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The tenant's axes (spec §3 "Axis", src/contract/axes.ts list): the axes of a user's
 * permissions, the axes a group sees in the Sala, and the later domains' axis filters. Server-only
 * (administration), so read online.
 */
export const useAxes = query.online(() => ({
  key: ['eixo'],
  fetch: (signal: AbortSignal) => call(axes.list, { signal }),
  schema: axisListSchema,
  errorMessage: ERROR_MESSAGES.getAxes,
}));
