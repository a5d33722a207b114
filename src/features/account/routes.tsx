import type { RouteObject } from 'react-router-dom';

/** The signed-in user's own account; the app mounts it inside the signed-in frame. */
export const accountRoutes: RouteObject[] = [
  {
    path: '/usuario/atualizar-senha',
    lazy: { Component: async () => (await import('./screens/change-password.tsx')).ChangePasswordScreen },
  },
];
