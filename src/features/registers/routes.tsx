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

/**
 * A register that is a tab of a Sala room (/sala-principal/{id}/…): the same screen inside the
 * room's frame (its name, seal and tabs). The registers are the tenant's, the room only frames them.
 */
const roomRegister = (tab: string, load: () => Promise<{ default: unknown }>): RouteObject => ({
  path: `/sala-principal/:id/${tab}`,
  lazy: {
    Component: async () => {
      const [{ RegisterScreen }, { RoomLayout }, { default: declaration }] = await Promise.all([
        import('./pattern/register-screen.tsx'),
        import('../../entities/sala/room-layout.tsx'),
        load(),
      ]);
      const Screen = () => (
        <RoomLayout>
          <RegisterScreen declaration={declaration as never} />
        </RoomLayout>
      );
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
  { path: '/rotas', lazy: { Component: async () => (await import('./hub/registers-hub.tsx')).RegistersHubScreen } },
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
  // /eixo is the same axis list as /eixos (spec §2 names both, and describes one "Axis list").
  register('/eixos', () => import('./axes/index.ts')),
  register('/eixo', () => import('./axes/index.ts')),
  register('/eixosGrupo', () => import('./axis-groups/index.ts')),
  register('/tipoSolucao', () => import('./solution-types/index.ts')),
  // A municipality's axes and themes are checklists saved at once, not lists with dialogs.
  { path: '/municipioEixo', lazy: { Component: async () => (await import('./municipality-axes/screens.tsx')).MunicipalityAxesScreen } },
  {
    path: '/municipioTemasHabilitados',
    lazy: { Component: async () => (await import('./municipality-axes/screens.tsx')).MunicipalityThemesScreen },
  },
  // The Sala's indicator registers and job roles, as tabs of a room (issue 29).
  roomRegister('sala-indicadores', () => import('./sala-indicators/indicators.ts')),
  roomRegister('sala-indicadores-apuracao', () => import('./sala-indicators/calculations.ts')),
  roomRegister('sala-indicadores-fonte', () => import('./sala-indicators/sources.ts')),
  roomRegister('sala-indicadores-leitura', () => import('./sala-indicators/frequencies.ts')),
  roomRegister('sala-indicadores-nivel', () => import('./sala-indicators/levels.ts')),
  roomRegister('sala-indicadores-unidade', () => import('./sala-indicators/units.ts')),
  roomRegister('cargos-funcoes', () => import('./sala-indicators/job-roles.ts')),
];
