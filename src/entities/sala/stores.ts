import { defineDeviceStores } from '../../offline/tables.ts';

// What opening the device store needs of the Sala's tables (issue 29): the service worker imports only this.

/** v6: a room's home (the room, its seal, the indicators and levels), one row per municipality. */
export const roomsStores = defineDeviceStores({ name: 'salas', versions: { 6: '&municipioId' } });

/** v6: the readings of the indicator map; one per indicator and period, found by the compound index when recorded offline. */
export const readingsStores = defineDeviceStores({
  name: 'salaLeituras',
  versions: { 6: '&indicadorMunicipioId, municipioId, [municipioId+indicadorId+periodo]' },
});
