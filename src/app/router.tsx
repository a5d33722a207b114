import { createBrowserRouter, redirect } from 'react-router-dom';
import { adminReportPublicRoutes } from '../features/admin-reports/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { publicReportRoutes } from '../features/reports/routes.tsx';
import { signedInRoutes } from './available-paths.ts';
import { requireSignedIn, requireSignedOut } from './guards.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Features own their paths and load their screens lazily; this file only decides where each group
 * of routes lives (signed-out or signed-in) and what happens to the rest.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingOverlay,
    children: [
      { index: true, loader: () => redirect('/cidade'), element: null },
      { loader: requireSignedOut, children: authRoutes },
      // Public pages (no login, outside the signed-in frame): what a shared link shows.
      // Their lazy parent adds the recipes past the signed-out pages (later-recipes.ts) first.
      { lazy: async () => (await import('./later-recipes.ts'), {}), children: [...publicReportRoutes, ...adminReportPublicRoutes] },
      // The signed-in frame (menus, switcher, combos) loads after login: the login page never pays for it.
      { loader: requireSignedIn, lazy: async () => ({ Component: (await import('./app-frame.tsx')).AppFrame }), children: signedInRoutes },
      // Redirecting in a loader keeps unknown paths out of history and out of the remembered path;
      // `element: null` states that these routes never render.
      { path: '*', loader: () => redirect('/cidade'), element: null },
    ],
  },
]);
