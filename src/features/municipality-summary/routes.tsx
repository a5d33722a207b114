import type { RouteObject } from 'react-router-dom';
import { SUMMARY_PATHS } from './paths.ts';

/** The municipality summary renders inside the city layout: the list, and one form to add (/add) or edit (/add/{resumoId}). */
export const summaryCityRoutes: RouteObject[] = [
  { path: SUMMARY_PATHS.list, lazy: { Component: async () => (await import('./screens/summary-list.tsx')).SummaryListScreen } },
  { path: SUMMARY_PATHS.add, lazy: { Component: async () => (await import('./screens/summary-form.tsx')).SummaryFormScreen } },
  { path: SUMMARY_PATHS.edit, lazy: { Component: async () => (await import('./screens/summary-form.tsx')).SummaryFormScreen } },
];
