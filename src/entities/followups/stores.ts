import { defineDeviceStores } from '../../offline/tables.ts';

/** What opening the device store needs of this table: the service worker imports only this, the row is in table.ts. */
export const followupsStores = defineDeviceStores({ name: 'acompanhamentos', versions: { 1: '&acompanhamentoId, municipioId' } });
