import type { RouteObject } from 'react-router-dom';
import { AGENT_PATHS } from './paths.ts';

/** The territorial agent's diagnosis, themes, tasks and Gov tabs render inside the city layout, each in the AgentTabs frame. */
export const territorialAgentCityRoutes: RouteObject[] = [
  { path: AGENT_PATHS.diagnosis, lazy: { Component: async () => (await import('./screens/diagnosis.tsx')).DiagnosisScreen } },
  { path: AGENT_PATHS.themes, lazy: { Component: async () => (await import('./screens/themes.tsx')).ThemesScreen } },
  { path: AGENT_PATHS.theme, lazy: { Component: async () => (await import('./screens/themes.tsx')).ThemesScreen } },
  { path: AGENT_PATHS.tasks, lazy: { Component: async () => (await import('./screens/tasks.tsx')).TasksScreen } },
  { path: AGENT_PATHS.solution, lazy: { Component: async () => (await import('./screens/tasks.tsx')).TasksScreen } },
  { path: AGENT_PATHS.gov, lazy: { Component: async () => (await import('./screens/gov.tsx')).GovScreen } },
];
