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

/** A register's full-page create or edit form (declaration `pages`), in the register's chunk. */
const registerPage = (path: string, load: () => Promise<{ default: unknown }>): RouteObject => ({
  path,
  lazy: {
    Component: async () => {
      const [{ RegisterPage }, { default: declaration }] = await Promise.all([import('./pattern/register-page.tsx'), load()]);
      const Screen = () => <RegisterPage declaration={declaration as never} />;
      return Screen;
    },
  },
});

const scoreRanges = () => import('./score-ranges/index.ts');

export const registerRoutes: RouteObject[] = [
  register('/tema', () => import('./themes/index.ts')),
  register('/pergunta', () => import('./questions/index.ts')),
  register('/faixas', scoreRanges),
  registerPage('/faixas/add', scoreRanges),
  registerPage('/faixas/edit/:id', scoreRanges),
  register('/pacote', () => import('./packages/index.ts')),
  register('/medalha', () => import('./medals/index.ts')),
];
