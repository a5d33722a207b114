import type { RouteObject } from 'react-router-dom';

/** The room's cost tab (spec §2 "Under /sala-principal/{id}/": sala-custo), more specific than the room's /:tab. */
export const costRoutes: RouteObject[] = [
  { path: '/sala-principal/:id/sala-custo', lazy: { Component: async () => (await import('./screens/cost-room.tsx')).CostRoomScreen } },
];
