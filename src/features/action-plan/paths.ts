/**
 * Route pattern of the action plan (spec §2: /cidade/{id}/pmd/{acompanhamento}, the selected
 * follow-ups' ids separated by commas). Absolute, because the app collects every `path` of the
 * route tree as it is to decide which links exist.
 */
export const ACTION_PLAN_PATHS = {
  plan: '/cidade/:id/pmd/:acompanhamento',
} as const;

export const actionPlanHref = (municipioId: number, acompanhamentoIds: readonly number[]) =>
  `/cidade/${municipioId}/pmd/${acompanhamentoIds.join(',')}`;

/** The follow-up list the plan's back link returns to. */
export const followupListHref = (municipioId: number) => `/cidade/${municipioId}/acompanhamento`;
