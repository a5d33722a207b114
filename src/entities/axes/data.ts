import { useServerData } from '../../api/use-server-data.ts';
import { axisListSchema } from '../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The tenant's axes (spec §3 "Axis", GET api/projeto/eixo/get-eixo): the axes of a user's
 * permissions, the axes a group sees in the Sala, and the later domains' axis filters. Server-only
 * (administration), so read online.
 */
export function useAxes() {
  return useServerData('projeto/eixo/get-eixo', axisListSchema, ERROR_MESSAGES.getAxes);
}
