import type { RouteObject } from 'react-router-dom';

const agentVisits = { Component: async () => (await import('./screens/agent-visits.tsx')).AgentVisitsScreen };
const management = { Component: async () => (await import('./screens/management.tsx')).TerritoryManagementScreen };

/**
 * The agent's Visitas tab renders inside the city layout (issue 31); its static segment outranks the
 * placeholder `/cidade/:id/agenteTerritorial/:tab` that still catches the tabs other sessions build.
 */
export const territoryCityRoutes: RouteObject[] = [
  { path: '/cidade/:id/agenteTerritorial/visitas', lazy: agentVisits },
  { path: '/cidade/:id/agenteTerritorial/visitas/:tabId', lazy: agentVisits },
];

/** Gestão de Territórios: /gestao-territorios/{tab} and the actions at /gestao-territorios/{tab}/{id}/{acao}. */
export const territoryRoutes: RouteObject[] = [
  { path: '/gestao-territorios/:tab', lazy: management },
  { path: '/gestao-territorios/:tab/:id/:acao', lazy: management },
];
