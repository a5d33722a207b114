/**
 * The spec's URLs (§2): /cidade/{id}/cliente-oculto (the evaluation), /cidade/{id}/cliente-oculto/info
 * (the result, the city tab's link) and the public /cliente-oculto/selo/download/{evidenceId} (the
 * seal certificate, by its unguessable id). A round of the evaluation is chosen by `?rodada=`.
 */
export const SHOPPER_PATHS = {
  evaluation: '/cidade/:id/cliente-oculto',
  info: '/cidade/:id/cliente-oculto/info',
  publicSeal: '/cliente-oculto/selo/download/:token',
} as const;

export const NEW_ROUND = 'nova';

export const shopperHref = {
  info: (municipioId: number) => `/cidade/${municipioId}/cliente-oculto/info`,
  evaluation: (municipioId: number, rodada?: number | typeof NEW_ROUND) =>
    `/cidade/${municipioId}/cliente-oculto${rodada === undefined ? '' : `?rodada=${rodada}`}`,
  publicSeal: (token: string) => `/cliente-oculto/selo/download/${token}`,
};
