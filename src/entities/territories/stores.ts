import { defineDeviceStores } from '../../offline/tables.ts';

/**
 * v8 (issue 31): the territorial agents' visits of the municipalities on the device, filled by GET
 * api/visita/municipio/{id} and the offline bundle, so the agent's Visitas tab opens offline.
 * What opening the store needs: the service worker imports only this, the row is in table.ts.
 */
export const visitsStores = defineDeviceStores({ name: 'visitas', versions: { 8: '&visitaId, municipioId' } });
