import { createBrowserRouter, Outlet, redirect } from 'react-router-dom';
import { adminReportPublicRoutes } from '../features/admin-reports/public-routes.tsx';
import { authRoutes, ssoRoutes } from '../features/auth/routes.tsx';
import { evidencePublicRoutes } from '../features/evidence/public-routes.tsx';
import { publicReportRoutes } from '../features/field-reports/public-routes.tsx';
import { mysteryShopperPublicRoutes } from '../features/mystery-shopper/public-routes.tsx';
import { planPublicRoutes } from '../features/sala-5w2h/public-routes.tsx';
import { timePublicRoutes } from '../features/sala-time/public-routes.tsx';
import { requireSignedIn, requireSignedOut } from './guards.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { PtBrLocale } from './providers.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Features own their paths and load their screens lazily; this file only decides where each group
 * of routes lives (signed-out or signed-in) and what happens to the rest.
 */
const SIGNED_IN = 'signed-in';

function PublicPage() {
  return (
    <PtBrLocale>
      <Outlet />
    </PtBrLocale>
  );
}
let signedInPatched = false;

export const router = createBrowserRouter(
  [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: LoadingOverlay,
      children: [
        { index: true, loader: () => redirect('/cidade'), element: null },
        { loader: requireSignedOut, children: [...authRoutes, ...ssoRoutes] },
        // Public pages (no login, outside the signed-in frame): what a shared link shows.
        // Their lazy parent adds the recipes past the signed-out pages (later-recipes.ts) first.
        {
          lazy: async () => (await import('./later-recipes.ts'), { Component: PublicPage }),
          children: [
            ...publicReportRoutes,
            ...adminReportPublicRoutes,
            ...evidencePublicRoutes,
            ...planPublicRoutes,
            ...timePublicRoutes,
            ...mysteryShopperPublicRoutes,
          ],
        },
        // The signed-in frame (menus, switcher, combos) loads after login: the login page never pays for it.
        // Its children (every signed-in screen) join the tree on the first navigation that needs them.
        {
          id: SIGNED_IN,
          loader: requireSignedIn,
          lazy: async () => ({ Component: (await import('./app-frame.tsx')).AppFrame }),
          children: [],
        },
        // Redirecting in a loader keeps unknown paths out of history and out of the remembered path;
        // `element: null` states that these routes never render.
        { path: '*', loader: () => redirect('/cidade'), element: null },
      ],
    },
  ],
  {
    /**
     * The signed-in route table (every feature's routes, with the file lists of their lazy screens)
     * is not in the entry: the login page does not pay for it. React Router asks for it on any path
     * that only the catch-all matches, which every signed-in path does until it is added.
     */
    async patchRoutesOnNavigation({ patch }) {
      if (signedInPatched) return;
      const [{ signedInRoutes, availablePaths }, { placeholderRoutes }] = await Promise.all([
        import('./available-paths.ts'),
        import('./spec-routes.ts'),
      ]);
      if (signedInPatched) return;
      signedInPatched = true;
      // The placeholders are not in availablePaths: menus and tabs keep hiding links to them.
      patch(SIGNED_IN, [...signedInRoutes, ...placeholderRoutes(availablePaths)]);
    },
  },
);
