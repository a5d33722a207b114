import type { RouteObject } from 'react-router-dom';
import { USER_PATHS } from './paths.ts';

/** User administration; the app mounts it inside the signed-in frame. One gate guards the three screens. */
export const userRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./components/access-gate.tsx')).UsersAccessGate },
    children: [
      { path: USER_PATHS.list, lazy: { Component: async () => (await import('./screens/user-list.tsx')).UserListScreen } },
      { path: USER_PATHS.create, lazy: { Component: async () => (await import('./screens/user-form.tsx')).UserFormScreen } },
      { path: USER_PATHS.edit, lazy: { Component: async () => (await import('./screens/user-form.tsx')).UserFormScreen } },
    ],
  },
];
