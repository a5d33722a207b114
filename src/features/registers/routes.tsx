import type { RouteObject } from 'react-router-dom';

/**
 * The registers of spec §2 "Registers and administration" (issue 17). Each path loads the shared
 * RegisterScreen with its declaration, in its own chunk, so a register costs its declaration only.
 */
const register = (path: string, load: () => Promise<{ default: unknown }>): RouteObject => ({
  path,
  lazy: {
    Component: async () => {
      const [{ RegisterScreen }, { default: declaration }] = await Promise.all([import('./pattern/register-screen.tsx'), load()]);
      const Screen = () => <RegisterScreen declaration={declaration as never} />;
      return Screen;
    },
  },
});

export const registerRoutes: RouteObject[] = [
  { path: '/rotas', lazy: { Component: async () => (await import('./hub/registers-hub.tsx')).RegistersHubScreen } },
  register('/tema', () => import('./themes/index.ts')),
  register('/status', () => import('./statuses/status.ts')),
  register('/status-contrato', () => import('./statuses/contract-status.ts')),
  register('/municipio-faixas', () => import('./brackets/municipality.ts')),
  register('/solucoes-faixas', () => import('./brackets/solution.ts')),
  register('/instituicao', () => import('./institutions/index.ts')),
  register('/ur', () => import('./regional-units/index.ts')),
  register('/categorias', () => import('./categories/index.ts')),
  register('/contratos', () => import('./contracts/index.ts')),
  register('/municipio-escola', () => import('./schools/index.ts')),
  register('/cargos-funcoes', () => import('./job-roles/index.ts')),
  register('/atores', () => import('./actors/index.ts')),
];
