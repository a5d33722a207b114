import type { RouteObject } from 'react-router-dom';

/** Route patterns of the meetings feature; the app collects them to show the menus and city tabs that lead here. */
export const MEETING_PATHS = {
  calendar: '/cidade/:id/evento',
  batch: '/cidade/:id/evento-em-lote',
  search: '/encontros',
  mine: '/meus-encontros',
  events: '/eventos',
} as const;

/** Screens inside the city area (the app passes them to cityRoutes): they read the open city with useCity. */
export const meetingCityRoutes: RouteObject[] = [
  { path: MEETING_PATHS.calendar, lazy: { Component: async () => (await import('./screens/city-calendar.tsx')).CityCalendarScreen } },
  { path: MEETING_PATHS.batch, lazy: { Component: async () => (await import('./screens/batch-meetings.tsx')).BatchMeetingsScreen } },
];

/** Top-level screens; the app mounts them inside the signed-in frame. */
export const meetingRoutes: RouteObject[] = [
  { path: MEETING_PATHS.search, lazy: { Component: async () => (await import('./screens/meeting-search.tsx')).MeetingSearchScreen } },
  { path: MEETING_PATHS.mine, lazy: { Component: async () => (await import('./screens/meeting-search.tsx')).MyMeetingsScreen } },
  { path: MEETING_PATHS.events, lazy: { Component: async () => (await import('./screens/calendar-events.tsx')).CalendarEventsScreen } },
];
