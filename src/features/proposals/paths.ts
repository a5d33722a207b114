/**
 * Route pattern of the proposals (spec §2 /cidade/{id}/proposta/{tab}). The tab is `proposta` (the
 * list, the city header's link), `nova` (a new proposal) or a proposal's id (its page).
 */
export const PROPOSAL_PATHS = { tab: '/cidade/:id/proposta/:tab' } as const;

export const NEW_PROPOSAL_TAB = 'nova';

export const proposalHref = {
  list: (municipioId: number) => `/cidade/${municipioId}/proposta/proposta`,
  create: (municipioId: number) => `/cidade/${municipioId}/proposta/${NEW_PROPOSAL_TAB}`,
  detail: (municipioId: number, propostaId: number) => `/cidade/${municipioId}/proposta/${propostaId}`,
};
