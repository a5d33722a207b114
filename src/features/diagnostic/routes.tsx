import type { RouteObject } from 'react-router-dom';
import { DIAGNOSTIC_PATHS } from './paths.ts';

/**
 * The diagnostic screens, signed in and outside the city layout: spec §2 puts them under
 * /diagnostico/{id}, not /cidade/{id}, and no city tab leads to them.
 */
export const diagnosticRoutes: RouteObject[] = [
  { path: DIAGNOSTIC_PATHS.home, lazy: { Component: async () => (await import('./screens/diagnostic.tsx')).DiagnosticScreen } },
  {
    path: DIAGNOSTIC_PATHS.themes,
    lazy: { Component: async () => (await import('./screens/diagnostic-themes.tsx')).DiagnosticThemesScreen },
  },
  {
    path: DIAGNOSTIC_PATHS.theme,
    lazy: { Component: async () => (await import('./screens/diagnostic-theme.tsx')).DiagnosticThemeScreen },
  },
];
