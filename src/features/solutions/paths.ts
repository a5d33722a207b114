import type { Vocabulary } from '../../domain/vocabulary.ts';
import type { Crumb } from '../../ui/trail.tsx';

/**
 * The programme catalogue lives under the project register it belongs to (Administração > Projetos
 * e Soluções): a project, its groups of solutions, a group's solutions, a solution's tasks and a
 * task's evidence definitions, each level one path segment deeper so the address names the chain.
 */
export const CATALOGUE_PATHS = {
  groups: '/projeto/:projetoId/grupos',
  solutions: '/projeto/:projetoId/grupos/:grupoSolucaoId/solucoes',
  tasks: '/projeto/:projetoId/grupos/:grupoSolucaoId/solucoes/:solucaoId/tarefas',
  evidences: '/projeto/:projetoId/grupos/:grupoSolucaoId/solucoes/:solucaoId/tarefas/:tarefaId/evidencias',
} as const;

export type CatalogueLevel = keyof typeof CATALOGUE_PATHS;

/** The ids of the chain down to a level; deeper ids are absent above it. */
export type CatalogueIds = { projetoId: number; grupoSolucaoId?: number; solucaoId?: number; tarefaId?: number };

export const catalogueHref = {
  projects: () => '/projeto',
  groups: ({ projetoId }: CatalogueIds) => `/projeto/${projetoId}/grupos`,
  solutions: (ids: CatalogueIds) => `${catalogueHref.groups(ids)}/${ids.grupoSolucaoId}/solucoes`,
  tasks: (ids: CatalogueIds) => `${catalogueHref.solutions(ids)}/${ids.solucaoId}/tarefas`,
  evidences: (ids: CatalogueIds) => `${catalogueHref.tasks(ids)}/${ids.tarefaId}/evidencias`,
};

const ORDER: readonly CatalogueLevel[] = ['groups', 'solutions', 'tasks', 'evidences'];

export type { Crumb };

/**
 * Spec §2's trail, Grupos de Soluções > Soluções > Tarefas > Evidências, renamed by the variant's
 * words, after the project register it starts from; every level above the current one links back.
 */
export function catalogueTrail(level: CatalogueLevel, ids: CatalogueIds, words: Pick<Vocabulary, 'breadcrumbs'>): Crumb[] {
  const labels: Record<CatalogueLevel, string> = {
    groups: words.breadcrumbs.solutionGroups,
    solutions: words.breadcrumbs.solutions,
    tasks: words.breadcrumbs.tasks,
    evidences: words.breadcrumbs.evidences,
  };
  const upTo = ORDER.slice(0, ORDER.indexOf(level) + 1);
  return [
    { label: 'Gestão de Projetos', href: catalogueHref.projects(), current: false },
    ...upTo.map((step) => ({ label: labels[step], href: catalogueHref[step](ids), current: step === level })),
  ];
}
