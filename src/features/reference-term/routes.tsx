import type { RouteObject } from 'react-router-dom';
import { REFERENCE_TERM_PATHS } from './paths.ts';

/** The term of one city renders inside the city layout; the list of every municipality's term is a screen of its own. */
export const referenceTermCityRoutes: RouteObject[] = [
  { path: REFERENCE_TERM_PATHS.city, lazy: { Component: async () => (await import('./screens/term-screen.tsx')).ReferenceTermScreen } },
];

export const referenceTermRoutes: RouteObject[] = [
  { path: REFERENCE_TERM_PATHS.all, lazy: { Component: async () => (await import('./screens/term-list.tsx')).ReferenceTermListScreen } },
];
