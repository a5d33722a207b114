import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { shouldWarnProductionData } from '../domain/variants.ts';
import { currentVariant } from '../session/variant.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { CookieNotice } from './shell/cookie-notice.tsx';

// The dialog code only loads on the rare site that needs the warning.
const ProductionWarning = lazy(async () => ({ default: (await import('./shell/production-warning.tsx')).ProductionWarning }));
const warnProductionData = shouldWarnProductionData(currentVariant());

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay />}
      {warnProductionData && (
        <Suspense>
          <ProductionWarning />
        </Suspense>
      )}
      <CookieNotice />
      <ScrollRestoration />
    </>
  );
}
