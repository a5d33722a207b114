import type { RouteObject } from 'react-router-dom';
import { accountRoutes } from '../features/account/routes.tsx';
import { cityRoutes } from '../features/cities/routes.tsx';

/** Route patterns of the signed-in screens that exist: menus and tabs hide links to anything else. */
export const signedInRoutes: RouteObject[] = [...cityRoutes, ...accountRoutes];

export const availablePaths: readonly string[] = signedInRoutes.flatMap(function collect(route: RouteObject): string[] {
  return [...(route.path ? [route.path] : []), ...(route.children ?? []).flatMap(collect)];
});
