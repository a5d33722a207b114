import { useServerData } from '../../api/use-server-data.ts';
import { themeListSchema } from '../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The tenant's themes on the axes the user sees (spec §3 "Theme", GET api/Tema): the theme filters
 * of follow-ups, evidence and the registers. Administration data, so read online; a municipality's
 * questions carry their theme's id and name for offline screens.
 */
export function useThemes() {
  return useServerData('Tema', themeListSchema, ERROR_MESSAGES.getThemes);
}
