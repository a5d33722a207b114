import { defineDeviceStores } from '../../offline/tables.ts';

/**
 * v7 (issue 29): the 5W2H plans of the rooms on the device, filled by GET api/sala5w2h and the offline
 * bundle, so a room's plans open and are updated offline. (v6 is the indicator room's readings.)
 * What opening the store needs: the service worker imports only this, the row is in table.ts.
 */
export const plansStores = defineDeviceStores({ name: 'planos5w2h', versions: { 7: '&sala5w2hId, municipioId' } });
