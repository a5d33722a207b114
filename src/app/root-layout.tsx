import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from './loading-overlay.tsx';
import { CookieNotice } from './shell/cookie-notice.tsx';
import { ProductionWarning } from './shell/production-warning.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay />}
      <ProductionWarning />
      <CookieNotice />
      <ScrollRestoration />
    </>
  );
}
