import type { RouteObject } from 'react-router-dom';
import { SALA_PATHS } from '../../entities/sala/paths.ts';

/**
 * The Sala do Empreendedor (spec §2 "Indicator room (Sala)", issue 29): the rooms, a room's form,
 * the municipality user's home and the indicator map. The indicator registers of a room's tabs are
 * registers (features/registers/routes.tsx); the 5W2H, cost and time tabs are their own features.
 */
export const salaRoutes: RouteObject[] = [
  { path: SALA_PATHS.list, lazy: { Component: async () => (await import('./screens/room-list.tsx')).RoomListScreen } },
  { path: SALA_PATHS.create, lazy: { Component: async () => (await import('./screens/room-form.tsx')).RoomCreateScreen } },
  { path: SALA_PATHS.edit, lazy: { Component: async () => (await import('./screens/room-form.tsx')).RoomEditScreen } },
  { path: SALA_PATHS.home, lazy: { Component: async () => (await import('./screens/room-home.tsx')).RoomHomeScreen } },
  {
    path: '/sala-principal/:id/sala-indicadores-municipio',
    lazy: { Component: async () => (await import('./screens/indicator-map.tsx')).IndicatorMapScreen },
  },
];
