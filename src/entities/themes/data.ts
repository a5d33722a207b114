import { callRaw } from '../../api/call.ts';
import { registers } from '../../contract/registers.ts';
import { query } from '../../data/query.ts';
import { themeListSchema } from '../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The tenant's themes on the axes the user sees (spec §3 "Theme", GET api/Tema): the theme filters
 * of follow-ups, evidence and the registers. Administration data, so read online; a municipality's
 * questions carry their theme's id and name for offline screens.
 */
// The themes register declares its list (crud('/Tema')); the type leaves it optional for registers without one.
const themeList = registers.themes.endpoints.list;

// Parsed with the filters' own schema (id, name, axis), not the register's whole row: a filter needs only these.
export const useThemes = query.online(() => ({
  key: ['Tema'],
  fetch: async (signal: AbortSignal) =>
    themeList ? (await callRaw(themeList, { signal })).json() : Promise.reject(new Error('GET api/Tema não declarado.')),
  schema: themeListSchema,
  errorMessage: ERROR_MESSAGES.getThemes,
}));
