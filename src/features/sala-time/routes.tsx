import type { RouteObject } from 'react-router-dom';
import { TIME_PATHS } from './paths.ts';

/** The room's time tab (spec §2 "Under /sala-principal/{id}/": sala-tempo), more specific than the room's /:tab. */
export const timeRoutes: RouteObject[] = [
  { path: TIME_PATHS.room, lazy: { Component: async () => (await import('./screens/time-room.tsx')).TimeRoomScreen } },
];
