/**
 * Route patterns of the municipality's solutions (issue 16). The solutions screen is a static
 * segment under the Grupos tab: React Router ranks it above /cidade/:id/grupo/:grupo (a group's members).
 */
export const CITY_SOLUTION_PATHS = {
  solutions: '/cidade/:id/grupo/solucoes',
  progress: '/cidade/:id/andamento',
  allProgress: '/tarefas/andamento',
} as const;

export const citySolutionHref = {
  solutions: (municipioId: number) => `/cidade/${municipioId}/grupo/solucoes`,
  progress: (municipioId: number) => `/cidade/${municipioId}/andamento`,
  allProgress: (municipioId?: number) => (municipioId === undefined ? '/tarefas/andamento' : `/tarefas/andamento?municipio=${municipioId}`),
};
