/** The spec's URLs (§2): the room's tab ({id} is its municipality) and the public /sala-tempo. */
export const TIME_PATHS = {
  room: '/sala-principal/:id/sala-tempo',
  publicPanel: '/sala-tempo',
} as const;

/** The query parameter that carries the public panel's secret. */
export const PANEL_PARAM = 'painel';

export function publicPanelUrl(origin: string, hash: string): string {
  return `${origin}${TIME_PATHS.publicPanel}?${PANEL_PARAM}=${encodeURIComponent(hash)}`;
}
