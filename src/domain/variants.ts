/**
 * The product variants (modes) of spec §1: one table holds each variant's branding, mode flags,
 * hosts and per-state backends, so the rest of the app asks "which variant?" in one place.
 */

export const VARIANT_IDS = [
  'cidade-empreendedora',
  'desenvolvimento-territorial',
  'at',
  'gov',
  'turismo',
  'educacao-empreendedora',
  'parceiro',
  'sala',
  'sao-paulo',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export const DEFAULT_VARIANT_ID: VariantId = 'cidade-empreendedora';

export const ENVIRONMENTS = ['dev', 'hlg', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Chakra UI colour palette names: the app sets `colorPalette` to this. */
export type ColorPalette = 'blue' | 'teal' | 'orange' | 'purple' | 'green' | 'cyan' | 'pink' | 'red' | 'yellow';

/** The mode flags of the session store (spec §6); the names are the store's own. */
export type ModeFlags = {
  isAT: boolean;
  isGov: boolean;
  isSala: boolean;
  isParceiro: boolean;
  Tur: boolean;
  CE: boolean;
  DT: boolean;
  EducEmp: boolean;
  isSaoPaulo: boolean;
};

/** Which database a state's backend uses in one environment. */
export type StateBackend = {
  /** The tenant id sent in the `database` header. */
  tenant: string;
  productionDatabase: boolean;
};

export type VariantState = {
  /** State code as the product uses it; SC1 is Santa Catarina's territorial-agent programme (batch events, spec §2). */
  uf: string;
  /** Name shown in the footer next to the title. */
  name: string;
  /** The state's part of the host name (`sebrae-{hostKey}`), lowercase. */
  hostKey: string;
  backends: Readonly<Record<Environment, StateBackend>>;
};

export type WebManifestIcon = {
  src: string;
  sizes: 'any';
  type: 'image/svg+xml';
  purpose: 'any' | 'maskable';
};

export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: 'pt-BR';
  dir: 'ltr';
  start_url: '/cidade';
  scope: '/';
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: readonly WebManifestIcon[];
};

export type Variant = {
  id: VariantId;
  title: string;
  shortTitle: string;
  description: string;
  logo: string;
  icon: string;
  maskableIcon: string;
  manifestPath: string;
  colorPalette: ColorPalette;
  /** Hex of the palette's 700 shade: white text on it stays readable for every palette, yellow included. */
  themeColor: string;
  mode: ModeFlags;
  /** Host of the production environment, `{uf}` standing for the state's host key; dev and hlg prefix the first label. */
  hostTemplate: string;
  /** The São Paulo variant starts only after the single sign-on flow (spec §4). */
  singleSignOn: boolean;
  /** Only the Sala shows a Manual link in the user menu (spec §2). */
  manualUrl: string | null;
  defaultUf: string;
  states: readonly VariantState[];
  manifest: WebManifest;
};

const NO_MODE: ModeFlags = {
  isAT: false,
  isGov: false,
  isSala: false,
  isParceiro: false,
  Tur: false,
  CE: false,
  DT: false,
  EducEmp: false,
  isSaoPaulo: false,
};

const STATE_NAMES: Readonly<Record<string, string>> = {
  SC: 'Santa Catarina',
  SC1: 'Santa Catarina',
  MS: 'Mato Grosso do Sul',
  BA: 'Bahia',
  MA: 'Maranhão',
  RJ: 'Rio de Janeiro',
  SP: 'São Paulo',
};

/** Development and homologation run on copies; only production uses the production database. */
function backends(tenant: string, overrides: Partial<Record<Environment, Partial<StateBackend>>> = {}): Record<Environment, StateBackend> {
  return {
    dev: { tenant, productionDatabase: false, ...overrides.dev },
    hlg: { tenant, productionDatabase: false, ...overrides.hlg },
    prod: { tenant, productionDatabase: true, ...overrides.prod },
  };
}

/*
 * The demo database holds the tenants `sc` and `ms` only, and one tenant serves every programme of
 * a state; so SC (and SC1, the same state's territorial agents) and MS map there. The other states
 * name their own tenants, which a demo server answers with "Base de dados desconhecida".
 */
function state(
  uf: string,
  tenant: string,
  overrides?: Partial<Record<Environment, Partial<StateBackend>>>,
  hostKey = uf.toLowerCase(),
): VariantState {
  return { uf, name: STATE_NAMES[uf] ?? uf, hostKey, backends: backends(tenant, overrides) };
}

const SC = () => state('SC', 'sc');
const MS = () => state('MS', 'ms');

type VariantSeed = Omit<
  Variant,
  'id' | 'logo' | 'icon' | 'maskableIcon' | 'manifestPath' | 'manifest' | 'defaultUf' | 'mode' | 'singleSignOn' | 'manualUrl'
> & {
  mode: Partial<ModeFlags>;
  singleSignOn?: boolean;
  manualUrl?: string | null;
};

const SEEDS: Record<VariantId, VariantSeed> = {
  'cidade-empreendedora': {
    title: 'Cidade Empreendedora',
    shortTitle: 'Cidade Emp.',
    description: 'Gestão de municípios, acompanhamentos, evidências e relatórios do programa Cidade Empreendedora.',
    colorPalette: 'blue',
    themeColor: '#173da6',
    mode: { CE: true },
    hostTemplate: 'cidadeempreendedora.sebrae-{uf}.com.br',
    states: [SC(), MS(), state('BA', 'ba'), state('MA', 'ma'), state('RJ', 'rj'), state('SP', 'sp')],
  },
  'desenvolvimento-territorial': {
    title: 'Desenvolvimento Territorial',
    shortTitle: 'Des. Territorial',
    description: 'Gestão de territórios, soluções e acompanhamentos do programa Desenvolvimento Territorial.',
    colorPalette: 'teal',
    themeColor: '#0c5d56',
    mode: { DT: true },
    hostTemplate: 'desenvolvimentoterritorial.sebrae-{uf}.com.br',
    states: [SC(), MS()],
  },
  at: {
    title: 'Agente Territorial',
    shortTitle: 'Agente Terr.',
    description: 'Iniciativas, atividades e agendas dos agentes territoriais.',
    colorPalette: 'orange',
    themeColor: '#92310a',
    mode: { isAT: true },
    hostTemplate: 'agenteterritorial.sebrae-{uf}.com.br',
    // SC1 is served from Santa Catarina's host and database.
    states: [state('SC1', 'sc', undefined, 'sc')],
  },
  gov: {
    title: 'Cidade Empreendedora Gov',
    shortTitle: 'CE Gov',
    description: 'Gestão de projetos, fases e atividades para o governo.',
    colorPalette: 'purple',
    themeColor: '#641ba3',
    mode: { isGov: true },
    hostTemplate: 'gov.sebrae-{uf}.com.br',
    // Homologation of Gov MS is validated by the state's staff on real projects.
    states: [state('MS', 'ms', { hlg: { productionDatabase: true } })],
  },
  turismo: {
    title: 'Turismo Empreendedor',
    shortTitle: 'Turismo',
    description: 'Gestão de destinos turísticos, soluções e acompanhamentos.',
    colorPalette: 'cyan',
    themeColor: '#0c5c72',
    mode: { Tur: true },
    hostTemplate: 'turismo.sebrae-{uf}.com.br',
    states: [SC(), state('RJ', 'rj')],
  },
  'educacao-empreendedora': {
    title: 'Educação Empreendedora',
    shortTitle: 'Educação Emp.',
    description: 'Gestão da educação empreendedora nas escolas dos municípios.',
    colorPalette: 'yellow',
    themeColor: '#845209',
    mode: { EducEmp: true },
    hostTemplate: 'educacaoempreendedora.sebrae-{uf}.com.br',
    states: [SC(), MS()],
  },
  parceiro: {
    title: 'Cidade Empreendedora Parceiros',
    shortTitle: 'CE Parceiros',
    description: 'Selo e diagnóstico dos parceiros do programa Cidade Empreendedora.',
    colorPalette: 'pink',
    themeColor: '#a41752',
    mode: { isParceiro: true },
    hostTemplate: 'parceiros.sebrae-{uf}.com.br',
    states: [SC(), MS()],
  },
  sala: {
    title: 'Sala do Empreendedor',
    shortTitle: 'Sala do Emp.',
    description: 'Selo de qualidade da Sala do Empreendedor: pilares, critérios e evidências.',
    colorPalette: 'green',
    themeColor: '#116932',
    mode: { isSala: true },
    hostTemplate: 'saladoempreendedor.sebrae-{uf}.com.br',
    manualUrl: '/variants/sala/manual.html',
    // The seal analysts rehearse each cycle in homologation against the real rooms.
    states: [state('SC', 'sc', { hlg: { productionDatabase: true } }), MS()],
  },
  'sao-paulo': {
    title: 'Cidade Empreendedora São Paulo',
    shortTitle: 'CE São Paulo',
    description: 'Cidade Empreendedora em São Paulo, com acesso único.',
    colorPalette: 'red',
    themeColor: '#991919',
    mode: { CE: true, isSaoPaulo: true },
    hostTemplate: 'cidadeempreendedora.sebraesp.com.br',
    singleSignOn: true,
    states: [state('SP', 'sp')],
  },
};

const BACKGROUND_COLOR = '#ffffff';

function buildManifest(id: VariantId, seed: VariantSeed): WebManifest {
  const base = `/variants/${id}`;
  return {
    id: `/?variante=${id}`,
    name: seed.title,
    short_name: seed.shortTitle,
    description: seed.description,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/cidade',
    scope: '/',
    display: 'standalone',
    theme_color: seed.themeColor,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: `${base}/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `${base}/maskable.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

function buildVariant(id: VariantId): Variant {
  const { mode, singleSignOn = false, manualUrl = null, ...seed } = SEEDS[id];
  const base = `/variants/${id}`;
  return {
    ...seed,
    id,
    logo: `${base}/logo.svg`,
    icon: `${base}/icon.svg`,
    maskableIcon: `${base}/maskable.svg`,
    manifestPath: `${base}/manifest.webmanifest`,
    mode: { ...NO_MODE, ...mode },
    singleSignOn,
    manualUrl,
    defaultUf: seed.states[0].uf,
    manifest: buildManifest(id, SEEDS[id]),
  };
}

export const VARIANTS: Readonly<Record<VariantId, Variant>> = Object.fromEntries(VARIANT_IDS.map((id) => [id, buildVariant(id)])) as Record<
  VariantId,
  Variant
>;

export function isVariantId(value: string): value is VariantId {
  return (VARIANT_IDS as readonly string[]).includes(value);
}

export function getVariant(id: VariantId): Variant {
  return VARIANTS[id];
}

/**
 * The choice a shared public link names (spec §2 "Public download and report routes"): the variant a
 * request came from (unknown → the default) and the state whose backend is that tenant. The device that
 * opens the link may remember another variant, so the link always says which tenant it belongs to.
 */
export function linkChoiceOf(variantId: string | undefined, tenant: string): RememberedChoice {
  const wanted = variantId?.trim().toLowerCase() ?? '';
  const variant = VARIANTS[isVariantId(wanted) ? wanted : DEFAULT_VARIANT_ID];
  const state = variant.states.find((s) => Object.values(s.backends).some((b) => b.tenant === tenant));
  return { variant: variant.id, uf: state?.uf ?? null };
}

/** `?variante=…&uf=…` for a link that must open the given choice (empty when it names none). */
export function choiceSearch(choice: { variant: string | null; uf: string | null }): string {
  const query = new URLSearchParams();
  if (choice.variant) query.set('variante', choice.variant);
  if (choice.uf) query.set('uf', choice.uf);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The state entry of a variant, matched case-insensitively; undefined when the variant does not serve it. */
export function findState(variant: Variant, uf: string): VariantState | undefined {
  const wanted = uf.trim().toUpperCase();
  return variant.states.find((s) => s.uf === wanted);
}

const ENV_PREFIX: Record<Environment, string> = { dev: 'dev-', hlg: 'hlg-', prod: '' };

/** The host a variant uses for one state in one environment. */
export function hostFor(variantId: VariantId, uf: string, environment: Environment): string {
  const variant = VARIANTS[variantId];
  const entry = findState(variant, uf);
  if (!entry) throw new Error(`A variante ${variantId} não atende o estado ${uf}.`);
  return ENV_PREFIX[environment] + variant.hostTemplate.replace('{uf}', entry.hostKey);
}

type HostTarget = { variantId: VariantId; uf: string; environment: Environment };

const HOSTS: ReadonlyMap<string, HostTarget> = new Map(
  VARIANT_IDS.flatMap((variantId) =>
    VARIANTS[variantId].states.flatMap((s) =>
      ENVIRONMENTS.map((environment) => [hostFor(variantId, s.uf, environment), { variantId, uf: s.uf, environment }] as const),
    ),
  ),
);

/** Every known host, for checks that no two variants claim the same one. */
export function knownHosts(): string[] {
  return [...HOSTS.keys()];
}

/** What the caller keeps between visits: the last valid `?variante=` and `?uf=` overrides. */
export type RememberedChoice = { variant: VariantId | null; uf: string | null };

export type ResolveVariantInput = {
  /** `location.host` or `location.hostname`; a port is ignored. */
  host: string;
  /** `location.search`, with or without the leading `?`. */
  search: string;
  remembered?: { variant?: string | null; uf?: string | null } | null;
};

export type ResolvedVariant = {
  variant: Variant;
  uf: string;
  environment: Environment;
  tenant: string;
  productionDatabase: boolean;
  /** Store this (replacing what was stored) so the overrides survive the redirects that drop the query. */
  remember: RememberedChoice;
};

function hostname(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  // A bare IPv6 address has several colons and no port.
  return lower.split(':').length === 2 ? lower.slice(0, lower.indexOf(':')) : lower;
}

/**
 * Picks the variant, state and backend for this visit. The host decides first; a remembered choice
 * overrides it, and `?variante=`/`?uf=` in the address override both. Overrides that name an unknown
 * variant or a state the variant does not serve are ignored. Local (localhost, 127.0.0.1) and unknown
 * hosts are the default variant in development: only the listed hosts can claim production.
 */
export function resolveVariant({ host, search, remembered }: ResolveVariantInput): ResolvedVariant {
  const name = hostname(host);
  const target: HostTarget = HOSTS.get(name) ?? {
    variantId: DEFAULT_VARIANT_ID,
    uf: VARIANTS[DEFAULT_VARIANT_ID].defaultUf,
    environment: 'dev',
  };

  const query = new URLSearchParams(search);
  const queryVariant = query.get('variante')?.trim().toLowerCase() ?? '';
  const rememberedVariant = remembered?.variant?.trim().toLowerCase() ?? '';
  const overrideVariant = isVariantId(queryVariant) ? queryVariant : isVariantId(rememberedVariant) ? rememberedVariant : null;
  const variant = VARIANTS[overrideVariant ?? target.variantId];

  const queryUf = query.get('uf') ?? '';
  const rememberedUf = remembered?.uf ?? '';
  const overrideState = findState(variant, queryUf) ?? findState(variant, rememberedUf) ?? null;
  const entry = overrideState ?? findState(variant, target.uf) ?? variant.states[0];
  const backend = entry.backends[target.environment];

  return {
    variant,
    uf: entry.uf,
    environment: target.environment,
    tenant: backend.tenant,
    productionDatabase: backend.productionDatabase,
    remember: { variant: overrideVariant, uf: overrideState?.uf ?? null },
  };
}

/** The start-up "Cuidado!" warning: production data reached from a development or homologation site. */
export function shouldWarnProductionData(resolved: Pick<ResolvedVariant, 'environment' | 'productionDatabase'>): boolean {
  return resolved.productionDatabase && resolved.environment !== 'prod';
}

export const PRODUCTION_DATA_WARNING = {
  title: 'Cuidado!',
  message: 'Este ambiente está usando a base de dados de produção. Não altere nem cadastre dados.',
} as const;

const ENVIRONMENT_LABELS: Record<Environment, string> = { dev: 'Desenvolvimento', hlg: 'Homologação', prod: 'Produção' };

export function environmentLabel(environment: Environment): string {
  return ENVIRONMENT_LABELS[environment];
}
