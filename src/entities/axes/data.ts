import { useServerData } from '../../api/use-server-data.ts';
import { axes } from '../../contract/axes.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { axisListSchema } from '../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The tenant's axes (spec §3 "Axis", src/contract/axes.ts list): the axes of a user's
 * permissions, the axes a group sees in the Sala, and the later domains' axis filters. Server-only
 * (administration), so read online.
 */
export function useAxes() {
  return useServerData(pathOf(axes.list), axisListSchema, ERROR_MESSAGES.getAxes);
}
