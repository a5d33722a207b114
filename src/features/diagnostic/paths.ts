/**
 * Route patterns of the diagnostic (spec §2: /diagnostico/{id}, /tema, /tema/{idtema}; {id} is the
 * municipality). Absolute, because the app collects every `path` of the route tree as it is to
 * decide which links exist.
 */
export const DIAGNOSTIC_PATHS = {
  home: '/diagnostico/:id',
  themes: '/diagnostico/:id/tema',
  theme: '/diagnostico/:id/tema/:idtema',
} as const;

export const diagnosticHref = {
  home: (municipioId: number) => `/diagnostico/${municipioId}`,
  themes: (municipioId: number) => `/diagnostico/${municipioId}/tema`,
  theme: (municipioId: number, temaId: number) => `/diagnostico/${municipioId}/tema/${temaId}`,
  /** The follow-up answering page (served by the follow-ups feature), opened on one theme. */
  answering: (municipioId: number, acompanhamentoId: number, temaId: number) =>
    `/cidade/${municipioId}/acompanhamento/obter/${acompanhamentoId}?tema=${temaId}`,
  city: (municipioId: number) => `/cidade/${municipioId}/geral`,
};
