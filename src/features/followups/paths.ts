/**
 * Route patterns of the follow-ups (spec §2). Absolute, because the app collects every `path` of
 * the route tree as it is to decide which menu entries and city tabs exist.
 */
export const FOLLOWUP_PATHS = {
  list: '/cidade/:id/acompanhamento',
  /** Spec §2: the list is also reached at the plural. */
  listPlural: '/cidade/:id/acompanhamentos',
  detail: '/cidade/:id/acompanhamento/obter/:acompanhamento',
} as const;

export const followupHref = {
  list: (municipioId: number) => `/cidade/${municipioId}/acompanhamento`,
  /** `temaId` narrows the page to one theme's questions (the diagnostic screens link here per theme). */
  detail: (municipioId: number, acompanhamentoId: number, temaId?: number) =>
    `/cidade/${municipioId}/acompanhamento/obter/${acompanhamentoId}${temaId === undefined ? '' : `?tema=${temaId}`}`,
  /** The action plan of the selected follow-ups (served by the action-plan feature). */
  actionPlan: (municipioId: number, ids: readonly number[]) => `/cidade/${municipioId}/pmd/${ids.join(',')}`,
  /** The municipality's diagnostic: its situation, questions 112-114 and themes (served by the diagnostic feature). */
  diagnostic: (municipioId: number) => `/diagnostico/${municipioId}`,
};
