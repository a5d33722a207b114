import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../ui/toaster.tsx';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <Toaster />
    </AppProviders>
  );
}
