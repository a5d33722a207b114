import { isPathAvailable } from './menu.ts';
import type { FlagKey } from './permission-flags.ts';
import { hasFlag, hasRole, isAdmin, isRestrictedBy, ROLE_NAMES, type PermissionContext } from './permissions.ts';
import { compareText } from './text.ts';
import type { Variant } from './variants.ts';
import { vocabulary, type CityTabLabels } from './vocabulary.ts';

/** The tabs of the city header (spec §2 "City header tabs"), in the spec's order, and who sees each. */

export const CITY_TAB_IDS = [
  'geral',
  'acompanhamento',
  'evidencia',
  'termo-referencia',
  'grupo',
  'evento',
  'evento-em-lote',
  'relatorio',
  'relatorio-administrativo',
  'proposta',
  'andamento',
  'cliente-oculto',
  'sala',
] as const;
export type CityTabId = (typeof CITY_TAB_IDS)[number];

export type CityTabDef = {
  id: CityTabId;
  flag: FlagKey;
  label: keyof CityTabLabels;
  /** Under /cidade/{id}/, except the Sala tab, which leaves the city area. */
  path: (variant: Pick<Variant, 'mode'>) => string;
};

const fixed = (path: string) => () => path;

export const CITY_TABS: readonly CityTabDef[] = [
  { id: 'geral', flag: 'verAbaGeral', label: 'geral', path: fixed('geral') },
  { id: 'acompanhamento', flag: 'verAbaAcompanhamento', label: 'acompanhamento', path: fixed('acompanhamento') },
  // The Sala opens evidence on its welcome page; the others on the answered questions.
  {
    id: 'evidencia',
    flag: 'verAbaEvidencia',
    label: 'evidencia',
    path: (v) => (v.mode.isSala ? 'evidencia/boasvindas' : 'evidencia/respondida'),
  },
  { id: 'termo-referencia', flag: 'verAbaTermoReferencia', label: 'termoReferencia', path: fixed('termo-referencia/0') },
  { id: 'grupo', flag: 'verAbaGrupo', label: 'grupo', path: fixed('grupo') },
  { id: 'evento', flag: 'verAbaEvento', label: 'evento', path: fixed('evento') },
  { id: 'evento-em-lote', flag: 'verAbaEventoEmLote', label: 'eventoEmLote', path: fixed('evento-em-lote') },
  { id: 'relatorio', flag: 'verAbaRelatorio', label: 'relatorio', path: fixed('relatorio') },
  {
    id: 'relatorio-administrativo',
    flag: 'verAbaRelatorioAdministrativo',
    label: 'relatorioAdministrativo',
    path: fixed('relatorio-administrativo'),
  },
  { id: 'proposta', flag: 'verAbaProposta', label: 'proposta', path: fixed('proposta/proposta') },
  { id: 'andamento', flag: 'verAbaAndamento', label: 'andamento', path: fixed('andamento') },
  { id: 'cliente-oculto', flag: 'verClienteOculto', label: 'clienteOculto', path: fixed('cliente-oculto/info') },
  { id: 'sala', flag: 'verAbaSala', label: 'sala', path: fixed('/sala-municipio-principal') },
];

/** The state whose territorial agents schedule events in batches (spec §2). */
export const BATCH_EVENTS_UF = 'SC1';

export function cityTabHref(tab: Pick<CityTabDef, 'path'>, variant: Pick<Variant, 'mode'>, municipioId: number): string {
  const path = tab.path(variant);
  return path.startsWith('/') ? path : `/cidade/${municipioId}/${path}`;
}

export type CityTabContext = PermissionContext & {
  /** The city whose header this is; specialist roles are checked in it. */
  municipioId: number;
  /** The city's seal or medal level (Ouro, Prata, Bronze...), when known. */
  selo?: string | null;
};

export type CityTab = { id: CityTabId; label: string; href: string; flag: FlagKey };

export type CityTabOptions = {
  /** Route patterns of the screens that exist: tabs of screens not built yet stay hidden. */
  availablePaths: Iterable<string>;
};

const isGold = (selo: string | null | undefined): boolean =>
  !!selo && (compareText(selo.trim(), 'Ouro') === 0 || compareText(selo.trim(), 'Gold') === 0);

function extraRuleAllows(id: CityTabId, ctx: CityTabContext, uf: string): boolean {
  switch (id) {
    case 'evento-em-lote':
      return (
        uf.trim().toUpperCase() === BATCH_EVENTS_UF &&
        (isAdmin(ctx.usuario) || hasRole(ctx.usuario, ROLE_NAMES.consultorEspecialista, ctx.municipioId))
      );
    case 'relatorio-administrativo':
      return !isRestrictedBy(ctx, 'ocultarRelatorioAdministrativos');
    case 'cliente-oculto':
      return !(isGold(ctx.selo) && isRestrictedBy(ctx, 'naoVerClienteOcultoOuro'));
    default:
      return true;
  }
}

/**
 * Whether the user may open a tab's screens: its flag (group and global configuration, or the full
 * admin) and its own rule. The city routes and the API behind each tab check this, like the tab bar.
 */
export function canOpenCityTab(id: CityTabId, ctx: CityTabContext, uf: string): boolean {
  const tab = CITY_TABS.find((t) => t.id === id);
  return tab !== undefined && hasFlag(ctx, tab.flag) && extraRuleAllows(id, ctx, uf);
}

/** The tab a path under /cidade/{id}/ belongs to (its first segment), or null for other paths. */
export function cityTabOfPath(pathname: string): CityTabId | null {
  const segment = /^\/cidade\/[^/]+\/([^/?#]+)/.exec(pathname)?.[1];
  if (!segment) return null;
  return CITY_TAB_IDS.find((id) => id !== 'sala' && id === segment) ?? null;
}

/**
 * A tab shows when its flag is on in the group and the global configuration (or the user is the
 * full admin), its own rule allows it and its screen exists. The state and role rule of the batch
 * events tab binds the full admin too. An empty result means the caller hides the tab bar.
 */
export function visibleCityTabs(ctx: CityTabContext, variant: Pick<Variant, 'mode'>, uf: string, options: CityTabOptions): CityTab[] {
  const labels = vocabulary(variant).cityTabs;
  const available = [...options.availablePaths];
  return CITY_TABS.filter((tab) => canOpenCityTab(tab.id, ctx, uf))
    .map((tab) => ({ id: tab.id, label: labels[tab.label], href: cityTabHref(tab, variant, ctx.municipioId), flag: tab.flag }))
    .filter((tab) => isPathAvailable(tab.href, available));
}
