import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from './loading-overlay.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay />}
      <ScrollRestoration />
    </>
  );
}
