import type { RouteObject } from 'react-router-dom';
import { isPathAvailable } from '../domain/menu.ts';

/**
 * The signed-in route patterns that spec §2 names. Those no feature serves yet show "Esta tela
 * ainda não está disponível" instead of the unknown-path redirect, so a bookmarked or shared link
 * says why nothing opened. A pattern drops out of the placeholders by itself once a feature's
 * route serves it. Public links (evidence and seal downloads) are not listed: they need no login.
 */
export const SPEC_SIGNED_IN_PATTERNS: readonly string[] = [
  // City area
  '/cidade/:id/evidencia/:tipoEvidencia',
  '/cidade/:id/evidenciar/:pergunta',
  '/cidade/:id/termo-referencia/:tab',
  '/termo-referencia',
  '/cidade/:id/resumo-municipio',
  '/cidade/:id/resumo-municipio/add',
  '/cidade/:id/resumo-municipio/add/:resumoId',
  '/cidade/:id/proposta/:tab',
  '/cidade/:id/acompanhamento',
  '/cidade/:id/acompanhamentos',
  '/cidade/:id/acompanhamento/obter/:acompanhamento',
  '/cidade/:id/pmd/:acompanhamento',
  '/cidade/:id/andamento',
  '/cidade/:id/agenteTerritorial/:tab',
  '/cidade/:id/agenteTerritorial/:tab/:tabId',
  '/cidade/:id/cliente-oculto',
  '/cidade/:id/cliente-oculto/info',
  '/diagnostico/:id',
  '/diagnostico/:id/tema',
  '/diagnostico/:id/tema/:idtema',
  // Registers and administration
  '/eixos',
  '/eixo',
  '/pacote',
  '/tema',
  '/pergunta',
  '/medalha',
  '/eixosGrupo',
  '/municipioEixo',
  '/municipioTemasHabilitados',
  '/tipoSolucao',
  '/instituicao',
  '/faixas',
  '/faixas/add',
  '/faixas/edit/:id',
  '/contratos',
  '/municipio-escola',
  '/rotas',
  '/ur',
  '/categorias',
  '/tarefas/andamento',
  '/gestao-territorios/:tab',
  '/gestao-territorios/:tab/:id/:acao',
  '/gestao-pagamento',
  '/gestao-pagamento/usuario/:id',
  // Reports and dashboards
  '/analisar-relatorios-administrativos',
  // Indicator room: every tab of the spec is served by its own route; this pattern only catches an unknown tab
  '/sala-principal/:id/:tab',
];

/** Placeholder routes for the spec's patterns that `availablePaths` (the real screens) does not serve. */
export function placeholderRoutes(availablePaths: readonly string[]): RouteObject[] {
  const lazy = { Component: async () => (await import('./not-available.tsx')).NotAvailableScreen };
  return SPEC_SIGNED_IN_PATTERNS.filter((pattern) => !isPathAvailable(pattern, availablePaths)).map((path) => ({ path, lazy }));
}
