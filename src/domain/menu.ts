import type { FlagKey } from './permission-flags.ts';
import { hasFlag, isFullAdmin, type PermissionContext } from './permissions.ts';
import { compareText } from './text.ts';
import type { Variant } from './variants.ts';
import { vocabulary } from './vocabulary.ts';

/** The menu tree of spec §2 "App shell", as data, and the rules of spec §6 that decide what shows. */

export type MenuNode = {
  /** Stable across variants and languages: React keys and tests use it. */
  key: string;
  label: string;
  /** A route pattern; `:id` is the signed-in user's id when `userScoped`. Groups have none. */
  path?: string;
  userScoped?: boolean;
  configKey?: FlagKey;
  /** The flag of the enclosing menu, which must be on as well. */
  parentKey?: FlagKey;
  /** Shown to the full admin only, whatever the flags say (spec §6: the Events page). */
  fullAdminOnly?: boolean;
  children?: readonly MenuNode[];
};

const leaf = (
  key: string,
  label: string,
  path: string,
  configKey: FlagKey,
  parentKey: FlagKey,
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  key,
  label,
  path,
  configKey,
  parentKey,
  ...extra,
});

const group = (key: string, label: string, configKey: FlagKey, parentKey: FlagKey | undefined, children: MenuNode[]): MenuNode => ({
  key,
  label,
  configKey,
  ...(parentKey ? { parentKey } : {}),
  children,
});

/**
 * The whole tree with the variant's labels. Paths the spec does not name (Meus Encontros, Meus
 * Relatórios, Meus Relatórios Admin, Gestão de Territórios without a tab) are this app's own.
 */
export function menuTree(variant: Pick<Variant, 'mode'>): MenuNode[] {
  const v = vocabulary(variant);
  return [
    { key: 'inicio', label: 'Início', path: '/cidade' },
    // The Sala variant's own entry: the room's home (issue 29), for who opens the Sala tab.
    ...(variant.mode.isSala ? [{ key: 'minha-sala', label: 'Minha Sala', path: '/sala-municipio-principal', configKey: 'verAbaSala' as const }] : []),
    group('gestao', 'Gestão', 'menuGestao', undefined, [
      leaf('gestao-territorios', 'Gestão de Territórios', '/gestao-territorios', 'menuGestaoTerritorios', 'menuGestao'),
      leaf('educacao-empreendedora', 'Educação Empreendedora', '/municipio-escola', 'menuEducacaoEmpreendedora', 'menuGestao'),
      group('gestao-municipios', v.menu.gestaoMunicipios, 'menuGestaoMunicipios', 'menuGestao', [
        leaf('encontros', v.menu.encontros, '/encontros', 'menuEncontros', 'menuGestaoMunicipios'),
        leaf('municipios-eixos', v.menu.municipiosEixos, '/municipioEixo', 'menuMunicipiosEixos', 'menuGestaoMunicipios'),
        leaf('municipios-temas', v.menu.municipiosTemas, '/municipioTemasHabilitados', 'menuMunicipiosTemas', 'menuGestaoMunicipios'),
        leaf('meus-encontros', v.menu.meusEncontros, '/meus-encontros', 'menuMeusEncontros', 'menuGestaoMunicipios'),
      ]),
      group('gestao-cadastros', 'Gestão de Cadastros', 'menuGestaoCadastros', 'menuGestao', [
        leaf('unidades-regionais', 'Unidades Regionais', '/ur', 'menuUnidadesRegionais', 'menuGestaoCadastros'),
        leaf('contratos', 'Contratos', '/contratos', 'menuContratos', 'menuGestaoCadastros'),
        leaf('temas', 'Temas', '/tema', 'menuTemas', 'menuGestaoCadastros'),
        leaf('eixos', v.menu.eixos, '/eixos', 'menuEixos', 'menuGestaoCadastros'),
        leaf('pacotes', 'Pacotes', '/pacote', 'menuPacotes', 'menuGestaoCadastros'),
        leaf('perguntas', v.menu.perguntas, '/pergunta', 'menuPerguntas', 'menuGestaoCadastros'),
        leaf('medalhas', 'Medalhas', '/medalha', 'menuMedalhas', 'menuGestaoCadastros'),
        leaf('eventos', 'Eventos', '/eventos', 'menuEventos', 'menuGestaoCadastros', { fullAdminOnly: true }),
        leaf('categorias', 'Categorias', '/categorias', 'menuCategorias', 'menuGestaoCadastros'),
        leaf('instituicao', 'Instituição', '/instituicao', 'menuInstituicao', 'menuGestaoCadastros'),
        leaf('faixas', 'Faixas', '/faixas', 'menuFaixas', 'menuGestaoCadastros'),
      ]),
    ]),
    group('administracao', 'Administração', 'menuAdministracao', undefined, [
      leaf('configuracoes', 'Configurações', '/configuracoes', 'menuConfiguracoes', 'menuAdministracao'),
      leaf('grupos', 'Grupos', '/groups', 'menuGrupos', 'menuAdministracao'),
      leaf('projetos-solucoes', v.menu.projetosSolucoes, '/projeto', 'menuProjetosSolucoes', 'menuAdministracao'),
      leaf('processos-pagamento', 'Processos de pagamentos', '/gestao-pagamento', 'menuProcessosPagamento', 'menuAdministracao'),
      leaf('tipo-solucao', v.menu.tipoSolucao, '/tipoSolucao', 'menuTipoSolucao', 'menuAdministracao'),
      leaf(
        'meus-processos-pagamento',
        'Meus Processos de Pagamentos',
        '/gestao-pagamento/usuario/:id',
        'menuMeusProcessosPagamento',
        'menuAdministracao',
        {
          userScoped: true,
        },
      ),
      leaf('sala-empreendedor', 'Sala do Empreendedor', '/sala-principal', 'menuSalaEmpreendedor', 'menuAdministracao'),
      leaf('usuarios', 'Usuários', '/usuario', 'menuUsuarios', 'menuAdministracao'),
    ]),
    group('relatorios', 'Relatórios', 'menuRelatorios', undefined, [
      leaf('analisar-relatorios', 'Analisar Relatórios', '/analisar-relatorios', 'menuAnalisarRelatorios', 'menuRelatorios'),
      leaf('meus-relatorios', 'Meus Relatórios', '/meus-relatorios', 'verMeusRelatorios', 'menuRelatorios'),
      leaf(
        'analisar-relatorios-admin',
        'Analisar Relatórios Admin',
        '/analisar-relatorios-administrativos',
        'menuAnalisarRelatoriosAdmin',
        'menuRelatorios',
      ),
      leaf(
        'meus-relatorios-admin',
        'Meus Relatórios Admin',
        '/meus-relatorios-administrativos',
        'menuMeusRelatoriosAdmin',
        'menuRelatorios',
      ),
      leaf('dashboard', 'Dashboard', '/dashboard-administrativo2', 'menuDashboard', 'menuRelatorios'),
    ]),
  ];
}

const segments = (path: string): string[] => path.split(/[?#]/, 1)[0].split('/').filter(Boolean);

/**
 * Whether a concrete path is served by one of the router's patterns (`:param` matches one segment,
 * a final `*` the rest), so callers pass their route table as it is, whatever its parameter names.
 * A bare catch-all (`*`, `/*`) is ignored: it is the unknown-path redirect, not a screen.
 */
export function isPathAvailable(path: string, availablePaths: Iterable<string>): boolean {
  const wanted = segments(path);
  for (const pattern of availablePaths) {
    const parts = segments(pattern);
    const splat = parts.at(-1) === '*';
    const fixed = splat ? parts.slice(0, -1) : parts;
    if (splat && fixed.length === 0) continue;
    if (splat ? wanted.length < fixed.length : wanted.length !== fixed.length) continue;
    if (fixed.every((part, i) => part.startsWith(':') || part === wanted[i])) return true;
  }
  return false;
}

export type VisibleMenuItem = {
  key: string;
  label: string;
  /** The link; absent on groups. */
  href?: string;
  children?: VisibleMenuItem[];
};

export type MenuOptions = {
  /** Route patterns of the screens that exist: links to screens not built yet stay hidden. */
  availablePaths: Iterable<string>;
};

function passesFlags(node: MenuNode, ctx: PermissionContext): boolean {
  if (isFullAdmin(ctx.usuario)) return true;
  if (node.fullAdminOnly) return false;
  if (node.configKey && !hasFlag(ctx, node.configKey)) return false;
  return !node.parentKey || hasFlag(ctx, node.parentKey);
}

function visibleNodes(nodes: readonly MenuNode[], ctx: PermissionContext, available: readonly string[]): VisibleMenuItem[] {
  const out: VisibleMenuItem[] = [];
  for (const node of nodes) {
    if (!passesFlags(node, ctx)) continue;
    if (node.children) {
      const children = visibleNodes(node.children, ctx, available).sort((a, b) => compareText(a.label, b.label));
      if (children.length > 0) out.push({ key: node.key, label: node.label, children });
    } else if (node.path) {
      const href = node.userScoped ? node.path.replace(':id', String(ctx.usuario.usuarioId)) : node.path;
      if (isPathAvailable(href, available)) out.push({ key: node.key, label: node.label, href });
    }
  }
  return out;
}

/**
 * Spec §6: an item shows to the full admin, or when it has no config key, or when its key is on in
 * both the group and the global configuration; a parent key must be on too; a group shows when any
 * child does. Children are sorted by label ignoring accents; the top level keeps the spec's order.
 */
export function visibleMenu(tree: readonly MenuNode[], ctx: PermissionContext, options: MenuOptions): VisibleMenuItem[] {
  return visibleNodes(tree, ctx, [...options.availablePaths]);
}

export type FlatMenuItem = {
  key: string;
  label: string;
  href: string;
  /** Labels of the enclosing groups, outermost first, for headings in the drawer. */
  trail: string[];
};

/** The mobile drawer's flat list: every visible link in menu order. */
export function flatMenu(items: readonly VisibleMenuItem[], trail: string[] = []): FlatMenuItem[] {
  return items.flatMap((item) =>
    item.children
      ? flatMenu(item.children, [...trail, item.label])
      : item.href
        ? [{ key: item.key, label: item.label, href: item.href, trail }]
        : [],
  );
}

export type UserMenuItem =
  | { key: 'manual'; label: string; href: string; external: true }
  | { key: 'alterar-senha'; label: string; href: string; external: false }
  | { key: 'sair'; label: string; action: 'logout' };

/** Spec §2: Manual only in the Sala; Alterar senha except in São Paulo, whose passwords live in the single sign-on. */
export function userMenu(variant: Pick<Variant, 'mode' | 'manualUrl'>): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  if (variant.mode.isSala && variant.manualUrl) items.push({ key: 'manual', label: 'Manual', href: variant.manualUrl, external: true });
  if (!variant.mode.isSaoPaulo)
    items.push({ key: 'alterar-senha', label: 'Alterar senha', href: '/usuario/atualizar-senha', external: false });
  items.push({ key: 'sair', label: 'Sair', action: 'logout' });
  return items;
}
