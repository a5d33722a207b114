import { defineDeviceStores } from '../../offline/tables.ts';

/** What opening the device store needs of this table: the service worker imports only this, the row is in table.ts. */
export const questionsStores = defineDeviceStores({
  name: 'perguntas',
  versions: { 1: '&perguntaMunicipioId, municipioId, temaId, [municipioId+temaId]' },
});
