import { describe, expect, it } from 'vitest';
import { flatMenu, isPathAvailable, menuTree, userMenu, visibleMenu, type MenuNode, type VisibleMenuItem } from './menu.ts';
import { FLAG_KEYS, type FlagKey } from './permission-flags.ts';
import type { PermissionContext } from './permissions.ts';
import { flagsOn, testContext } from './testing/session-user.ts';
import { VARIANTS } from './variants.ts';

function ctx(opts: { fullAdmin?: boolean; group?: FlagKey[]; global?: FlagKey[] | 'all'; group_name?: string } = {}): PermissionContext {
  const config = opts.global === undefined || opts.global === 'all' ? undefined : flagsOn(opts.global);
  return testContext({ usuarioId: 42, fullAdmin: opts.fullAdmin, on: opts.group, group: opts.group_name, config });
}

const keys = (items: readonly VisibleMenuItem[]): unknown[] => items.map((i) => (i.children ? { [i.key]: keys(i.children) } : i.key));

// A small tree that exercises every rule without depending on the real labels.
const tree: MenuNode[] = [
  { key: 'home', label: 'Início', path: '/cidade' },
  {
    key: 'g',
    label: 'Gestão',
    configKey: 'menuGestao',
    children: [
      { key: 'b', label: 'Beta', path: '/b', configKey: 'menuContratos', parentKey: 'menuGestao' },
      { key: 'free', label: 'Álamo', path: '/free', parentKey: 'menuGestao' },
      { key: 'c', label: 'Cadastros', path: '/c', configKey: 'menuTemas', parentKey: 'menuGestao' },
    ],
  },
  {
    key: 'r',
    label: 'Relatórios',
    configKey: 'menuRelatorios',
    children: [{ key: 'mine', label: 'Meus', path: '/mine', configKey: 'verMeusRelatorios', parentKey: 'menuRelatorios' }],
  },
  { key: 'ev', label: 'Eventos', path: '/eventos', configKey: 'menuEventos', fullAdminOnly: true },
  { key: 'pay', label: 'Meus pagamentos', path: '/pay/usuario/:id', configKey: 'menuMeusProcessosPagamento', userScoped: true },
];
const all = { availablePaths: ['/cidade', '/b', '/free', '/c', '/mine', '/eventos', '/pay/usuario/:usuarioId'] };

describe('visibleMenu rules', () => {
  it('shows items without a config key to anyone', () => {
    expect(keys(visibleMenu(tree, ctx(), all))).toEqual(['home']);
  });

  it('shows everything to the full admin with every flag off, group and global', () => {
    const admin = ctx({ fullAdmin: true, global: [] });
    expect(keys(visibleMenu(tree, admin, all))).toEqual(['home', { g: ['free', 'b', 'c'] }, { r: ['mine'] }, 'ev', 'pay']);
  });

  it('needs the flag on in the group and globally', () => {
    const both = ctx({ group: ['menuRelatorios', 'verMeusRelatorios'] });
    expect(keys(visibleMenu(tree, both, all))).toEqual(['home', { r: ['mine'] }]);
    const groupOnly = ctx({ group: ['menuRelatorios', 'verMeusRelatorios'], global: ['menuRelatorios'] });
    expect(keys(visibleMenu(tree, groupOnly, all))).toEqual(['home']);
    const globalOnly = ctx({ group: ['menuRelatorios'], global: 'all' });
    expect(keys(visibleMenu(tree, globalOnly, all))).toEqual(['home']);
  });

  it('hides a child whose parent key is off, even with its own key on', () => {
    const parentOff = ctx({ group: ['menuContratos', 'menuTemas'] });
    expect(keys(visibleMenu(tree, parentOff, all))).toEqual(['home']);
  });

  it('shows a parent when any child shows, and hides it when none does', () => {
    const oneChild = ctx({ group: ['menuGestao', 'menuTemas'] });
    expect(keys(visibleMenu(tree, oneChild, all))).toEqual(['home', { g: ['free', 'c'] }]);
    const parentOnly = ctx({ group: ['menuRelatorios'] });
    expect(keys(visibleMenu(tree, parentOnly, all))).toEqual(['home']);
  });

  it('sorts children by label ignoring accents', () => {
    const items = visibleMenu(tree, ctx({ group: ['menuGestao', 'menuContratos', 'menuTemas'] }), all);
    expect(items[1].children?.map((c) => c.label)).toEqual(['Álamo', 'Beta', 'Cadastros']);
  });

  it('keeps full-admin-only items from everyone else, flags or not', () => {
    const administrator = ctx({ group: FLAG_KEYS as FlagKey[], group_name: 'Administrador' });
    expect(keys(visibleMenu(tree, administrator, all))).not.toContain('ev');
  });

  it('hides links to screens that do not exist yet, and groups left empty', () => {
    const admin = ctx({ fullAdmin: true });
    expect(keys(visibleMenu(tree, admin, { availablePaths: ['/cidade', '/c'] }))).toEqual(['home', { g: ['c'] }]);
    expect(visibleMenu(tree, admin, { availablePaths: [] })).toEqual([]);
  });

  it("fills the user's id into user-scoped links", () => {
    const items = visibleMenu(tree, ctx({ group: ['menuMeusProcessosPagamento'] }), all);
    expect(items.find((i) => i.key === 'pay')?.href).toBe('/pay/usuario/42');
  });
});

describe('isPathAvailable', () => {
  it('matches literal segments and :params, ignoring trailing slashes, query and hash', () => {
    expect(isPathAvailable('/usuario', ['/usuario'])).toBe(true);
    expect(isPathAvailable('/usuario/', ['/usuario'])).toBe(true);
    expect(isPathAvailable('/cidade/3/geral?x=1#top', ['/cidade/:id/geral'])).toBe(true);
    expect(isPathAvailable('/cidade/3/grupo', ['/cidade/:id/geral'])).toBe(false);
    expect(isPathAvailable('/cidade/3', ['/cidade/:id/geral'])).toBe(false);
  });

  it('lets a trailing * match the rest, but ignores the catch-all redirect', () => {
    expect(isPathAvailable('/gestao-territorios/a/1/editar', ['/gestao-territorios/*'])).toBe(true);
    expect(isPathAvailable('/qualquer', ['*'])).toBe(false);
    expect(isPathAvailable('/qualquer', ['/*'])).toBe(false);
  });
});

describe('the real menu tree', () => {
  const find = (nodes: readonly MenuNode[], key: string): MenuNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const inside = n.children && find(n.children, key);
      if (inside) return inside;
    }
    return undefined;
  };
  const real = menuTree(VARIANTS['cidade-empreendedora']);
  const leaves = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));

  it('has the spec structure, paths and keys', () => {
    expect(real.map((n) => n.key)).toEqual(['inicio', 'gestao', 'administracao', 'relatorios']);
    expect(find(real, 'gestao-municipios')?.children?.map((n) => n.path)).toEqual([
      '/encontros',
      '/municipioEixo',
      '/municipioTemasHabilitados',
      '/meus-encontros',
    ]);
    expect(find(real, 'gestao-cadastros')?.children?.map((n) => n.path)).toEqual([
      '/ur',
      '/contratos',
      '/tema',
      '/eixos',
      '/pacote',
      '/pergunta',
      '/medalha',
      '/eventos',
      '/categorias',
      '/instituicao',
      '/faixas',
    ]);
    expect(find(real, 'administracao')?.children?.map((n) => n.path)).toEqual([
      '/configuracoes',
      '/groups',
      '/projeto',
      '/gestao-pagamento',
      '/tipoSolucao',
      '/gestao-pagamento/usuario/:id',
      '/sala-principal',
      '/usuario',
    ]);
    expect(find(real, 'meus-relatorios')?.configKey).toBe('verMeusRelatorios');
    expect(find(real, 'eventos')?.fullAdminOnly).toBe(true);
    expect(find(real, 'encontros')?.parentKey).toBe('menuGestaoMunicipios');
  });

  it('gives every leaf a config key and its parent group key, except Início', () => {
    const check = (nodes: readonly MenuNode[], parentKey?: FlagKey) => {
      for (const n of nodes) {
        expect(n.parentKey, n.key).toBe(parentKey);
        if (n.key !== 'inicio') expect(n.configKey, n.key).toBeDefined();
        if (n.children) check(n.children, n.configKey);
      }
    };
    check(real);
    expect(new Set(leaves(real).map((n) => n.key)).size).toBe(leaves(real).length);
  });

  it('renames labels by variant', () => {
    const label = (variant: keyof typeof VARIANTS, key: string) => find(menuTree(VARIANTS[variant]), key)?.label;
    expect(label('cidade-empreendedora', 'gestao-municipios')).toBe('Gestão de Municípios');
    expect(label('gov', 'gestao-municipios')).toBe('Gestão de Projetos');
    expect(label('at', 'encontros')).toBe('Agendas');
    expect(label('at', 'meus-encontros')).toBe('Minhas Agendas');
    expect(label('sala', 'eixos')).toBe('Pilares');
    expect(label('sala', 'perguntas')).toBe('Critérios');
    expect(label('cidade-empreendedora', 'instituicao')).toBe('Instituição');
  });

  it('shows the full admin every built screen, sorted, and flattens it for the drawer', () => {
    const built = [
      '/cidade',
      '/usuario',
      '/groups',
      '/encontros',
      '/gestao-pagamento/usuario/:id',
      '/analisar-relatorios',
      '/meus-relatorios',
    ];
    const items = visibleMenu(real, ctx({ fullAdmin: true }), { availablePaths: built });
    expect(keys(items)).toEqual([
      'inicio',
      { gestao: [{ 'gestao-municipios': ['encontros'] }] },
      { administracao: ['grupos', 'meus-processos-pagamento', 'usuarios'] },
      { relatorios: ['analisar-relatorios', 'meus-relatorios'] },
    ]);
    expect(flatMenu(items)).toEqual([
      { key: 'inicio', label: 'Início', href: '/cidade', trail: [] },
      { key: 'encontros', label: 'Encontros', href: '/encontros', trail: ['Gestão', 'Gestão de Municípios'] },
      { key: 'grupos', label: 'Grupos', href: '/groups', trail: ['Administração'] },
      {
        key: 'meus-processos-pagamento',
        label: 'Meus Processos de Pagamentos',
        href: '/gestao-pagamento/usuario/42',
        trail: ['Administração'],
      },
      { key: 'usuarios', label: 'Usuários', href: '/usuario', trail: ['Administração'] },
      { key: 'analisar-relatorios', label: 'Analisar Relatórios', href: '/analisar-relatorios', trail: ['Relatórios'] },
      { key: 'meus-relatorios', label: 'Meus Relatórios', href: '/meus-relatorios', trail: ['Relatórios'] },
    ]);
  });

  it('needs the whole chain of group keys for a nested item', () => {
    const built = { availablePaths: ['/encontros'] };
    expect(visibleMenu(real, ctx({ group: ['menuGestao', 'menuGestaoMunicipios', 'menuEncontros'] }), built)).toHaveLength(1);
    expect(visibleMenu(real, ctx({ group: ['menuGestaoMunicipios', 'menuEncontros'] }), built)).toEqual([]);
    expect(visibleMenu(real, ctx({ group: ['menuGestao', 'menuEncontros'] }), built)).toEqual([]);
  });
});

describe('userMenu', () => {
  const keysOf = (variant: keyof typeof VARIANTS) => userMenu(VARIANTS[variant]).map((i) => i.key);

  it('offers the Manual only in the Sala', () => {
    expect(keysOf('sala')).toEqual(['manual', 'alterar-senha', 'sair']);
    expect(keysOf('cidade-empreendedora')).toEqual(['alterar-senha', 'sair']);
    expect(userMenu(VARIANTS.sala)[0]).toMatchObject({ label: 'Manual', href: '/variants/sala/manual.html', external: true });
  });

  it('has no Alterar senha in São Paulo, where passwords live in the single sign-on', () => {
    expect(keysOf('sao-paulo')).toEqual(['sair']);
    expect(userMenu(VARIANTS.gov).find((i) => i.key === 'alterar-senha')).toMatchObject({
      label: 'Alterar senha',
      href: '/usuario/atualizar-senha',
    });
  });
});
