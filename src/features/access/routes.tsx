import type { RouteObject } from 'react-router-dom';
import { ACCESS_PATHS } from './paths.ts';

const groupForm = async () => (await import('./screens/group-form.tsx')).GroupFormScreen;

/** User groups and the global configuration; the app mounts them inside the signed-in frame. */
export const accessRoutes: RouteObject[] = [
  { path: ACCESS_PATHS.groups, lazy: { Component: async () => (await import('./screens/group-list.tsx')).GroupListScreen } },
  { path: ACCESS_PATHS.groupAdd, lazy: { Component: groupForm } },
  { path: ACCESS_PATHS.groupEdit, lazy: { Component: groupForm } },
  { path: ACCESS_PATHS.settings, lazy: { Component: async () => (await import('./screens/settings.tsx')).SettingsScreen } },
];
