import type { RouteObject } from 'react-router-dom';

/** Authentication screens; the app mounts them where only signed-out users are allowed. */
export const authRoutes: RouteObject[] = [
  { path: '/auth/login', lazy: { Component: async () => (await import('./screens/login.tsx')).LoginScreen } },
  { path: '/auth/lost-password', lazy: { Component: async () => (await import('./screens/lost-password.tsx')).LostPasswordScreen } },
  { path: '/auth/primeiro-acesso', lazy: { Component: async () => (await import('./screens/first-access.tsx')).FirstAccessScreen } },
  {
    path: '/auth/recover-password/:token',
    lazy: { Component: async () => (await import('./screens/recover-password.tsx')).RecoverPasswordScreen },
  },
];

/** São Paulo's single sign-on (spec §2 /sp/welcome, public, signed-out only): where it starts and where the provider answers. */
export const ssoRoutes: RouteObject[] = [
  { path: '/sp/welcome', lazy: { Component: async () => (await import('./screens/sso-welcome.tsx')).WelcomeScreen } },
];
