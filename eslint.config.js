import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const others = (name) => features.filter((f) => f !== name).join('|') || '(?!)';

const serverFeatures = readdirSync(new URL('./server/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const otherServerFeatures = (name) => serverFeatures.filter((f) => f !== name).join('|') || '(?!)';

/**
 * What screens and components may not import (issue 27): the offline store, the HTTP client and
 * Dexie. They go through a data object (their feature's data.ts or an entity's), built on src/data.
 */
const screenGate = [
  {
    group: ['**/offline/**', '**/api/**', '**/data/**', 'dexie', 'dexie-react-hooks'],
    message:
      'Telas e componentes não importam src/offline, src/api, src/data nem Dexie: use o objeto de dados da feature (data.ts) ou da entidade.',
  },
];

/**
 * Screens and components still reading the store or the transport directly, until their feature
 * moves onto the data port (issue 27, step by step). This list only shrinks: a feature that has
 * moved is never added back, and a new one never starts on it.
 */
const SCREENS_NOT_MOVED_YET = [];

/** Import patterns naming src/<layer> folders, for relative and absolute specifiers alike. */
const layerPaths = (layers) => layers.map((name) => `**/${name}/**`);

const layer = (files, patterns, extra = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }], ...extra },
});

/** What keeps src/domain pure: it is shared with the server and the service worker. */
const domainPurity = [
  {
    group: ['react', 'react-*', 'react/*', '@chakra-ui/*', '@emotion/*', 'framer-motion'],
    message: 'src/domain não usa React nem UI.',
  },
  { group: ['dexie', 'dexie-*', 'ky', 'workbox-*'], message: 'src/domain não faz I/O.' },
  { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'url'], message: 'src/domain não usa módulos do Node.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dev-dist',
      'node_modules',
      'data',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Issue 32: Chakra's Dialog builds all its parts with its root in one module, so importing it for a
  // title brings Zag's dialog machine with the page. Dialogs are DialogShell or FormDialog, and their
  // contents use src/ui/dialog-parts.tsx (docs/architecture.md, "How the app is cut into files").
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='@chakra-ui/react'][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name=/^Dialog/]",
          message: 'Use DialogShell ou FormDialog e as partes de src/ui/dialog-parts.tsx, não o Dialog do Chakra.',
        },
      ],
    },
  },
  // src/domain is shared with the server: pure rules and schemas, no React, Dexie, DOM, network or Node.
  layer(['src/domain/**/*.ts'], [...domainPurity, { group: ['../*', '!./*'], message: 'src/domain só importa de src/domain.' }], {
    'no-restricted-globals': [
      'error',
      ...[
        'window',
        'document',
        'navigator',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'fetch',
        'location',
        'process',
        'Buffer',
        'require',
      ].map((name) => ({ name, message: 'src/domain não acessa o DOM, a rede nem o Node.' })),
    ],
  }),
  // The domain's test fixtures (src/domain/testing) sit one folder down and import the rules they build for.
  layer(['src/domain/testing/**/*.ts'], [...domainPurity, { group: ['../../*'], message: 'src/domain/testing só importa de src/domain.' }]),
  // src/contract (the endpoint declarations, issue 26) is shared by the server, the client and the
  // service worker: it may import only src/domain, its own files and zod (and vitest, in its tests).
  layer(
    ['src/contract/**/*.ts'],
    [{ regex: '^(?!\\./|\\.\\./domain/|zod(/|$)|vitest$)', message: 'src/contract só importa src/domain e zod.' }],
  ),
  // Layer gates (docs/architecture.md): each layer names the layers it must not import. Files
  // under src/app wire everything together and may import any layer.
  layer(
    ['src/lib/**/*.{ts,tsx}'],
    [{ group: layerPaths(['ui', 'offline', 'api', 'session', 'entities', 'features', 'app']), message: 'src/lib só importa src/domain.' }],
  ),
  layer(
    ['src/ui/**/*.{ts,tsx}'],
    [
      {
        group: layerPaths(['offline', 'api', 'entities', 'features', 'app']),
        message: 'src/ui é só apresentação: os dados chegam por props ou hooks passados (sem offline, api, entities nem features).',
      },
    ],
  ),
  // The offline engine knows no domain (issue 27): tables and kinds register with it from src/app.
  // Its only src/domain import is uploads.ts, the upload protocol (chunk sizes, idempotency header,
  // messages), which is the engine's transport, not a domain. Its tests and fixtures (testing/)
  // exercise it with the real tables, so they may import entities, tables and domain modules.
  layer(
    ['src/offline/**/*.{ts,tsx}'],
    [
      {
        group: layerPaths(['ui', 'entities', 'features', 'app']),
        message: 'src/offline não importa UI, entidades nem features: avise com src/lib/notify.ts ou devolva o erro.',
      },
      {
        group: ['**/domain/*', '!**/domain/uploads.ts'],
        message: 'src/offline não conhece domínios: a entidade declara sua tabela (src/offline/tables.ts) e src/app a registra.',
      },
    ],
  ),
  layer(
    ['src/offline/**/*.test.{ts,tsx}', 'src/offline/testing/**/*.{ts,tsx}'],
    [
      { group: layerPaths(['ui', 'app']), message: 'Os testes do motor offline não importam UI nem src/app.' },
      { regex: 'features/[^/]+/(?!table\\.ts$)', message: 'Os testes do motor offline não importam features, além das suas tabelas.' },
    ],
  ),
  layer(
    ['src/api/**/*.{ts,tsx}'],
    [
      {
        group: layerPaths(['ui', 'offline', 'entities', 'features', 'app']),
        message: 'src/api não importa UI, offline, entidades nem features: avise com src/lib/notify.ts ou devolva o erro.',
      },
    ],
  ),
  layer(
    ['src/session/**/*.{ts,tsx}'],
    [
      {
        group: layerPaths(['api', 'offline', 'ui', 'entities', 'features', 'app']),
        message: 'src/session não importa src/api (o cliente HTTP lê a sessão, nunca o contrário) nem outras camadas.',
      },
    ],
  ),
  layer(
    ['src/entities/**/*.{ts,tsx}'],
    [{ group: layerPaths(['features', 'app']), message: 'Entidades não importam features nem src/app.' }],
  ),
  // Features never import each other: they meet only in src/app.
  ...features.map((name) =>
    layer(
      [`src/features/${name}/**/*.{ts,tsx}`],
      [
        {
          // Relative (`../cities/data.ts`, `../../cities/...`) or through the features folder.
          regex: `^(\\.\\./)+(${others(name)})(/|$)|features/(${others(name)})(/|$)`,
          message:
            'Uma feature não importa outra; mova o código compartilhado para src/entities, src/domain, src/ui, src/offline ou src/api.',
        },
        { group: ['**/app/**'], message: 'Features não importam src/app.' },
      ],
    ),
  ),
  // The client's data port (issue 27). src/data holds the two primitives (query, command): it sits
  // above the store and the transport and below the data objects of entities and features.
  layer(
    ['src/data/**/*.{ts,tsx}'],
    [{ group: layerPaths(['ui', 'entities', 'features', 'app']), message: 'src/data não importa UI, entidades, features nem src/app.' }],
  ),
  // Screens and components never touch the store or the transport: they read and write through
  // their feature's data object (data.ts) or an entity's. The features gate above still applies (its
  // patterns are repeated: a later block replaces the rule's options for the files it matches).
  ...features
    .map((name) =>
      layer(
        [
          `src/features/${name}/{screens,components}/**/*.{ts,tsx}`,
          `src/features/${name}/*/{screens,components}/**/*.{ts,tsx}`,
          // The registers keep a screen beside its declaration (registers/<register>/…-screen.tsx).
          `src/features/${name}/*/{*-screen,screens,*-page,*-form}.tsx`,
        ],
        [...featureGate(name), ...screenGate],
      ),
    )
    .map((block) => ({ ...block, ignores: ['**/*.test.{ts,tsx}', ...SCREENS_NOT_MOVED_YET] })),
  // The worker registers the device tables' stores and the upload steps' paths (data, no feature code) so it opens the page's Dexie versions and sends queued files.
  layer(
    ['sw/**/*.ts'],
    [
      {
        group: ['**/features/**', '**/app/**', '!**/app/device-stores.ts', '!**/app/upload-paths.ts', '**/ui/**'],
        message: 'O service worker não importa features nem UI.',
      },
    ],
  ),
  // ── Server zones (docs/architecture.md "Server"; proved by tests/unit/server-import-rules.test.ts) ──
  // Every server file: the client shares only src/domain and src/contract with it, and the demo seed
  // is no part of the running product (server/main.ts, the composition root, runs it on a first start;
  // tests use it). server/app.ts and server/main.ts compose everything and have no other zone.
  layer(['server/**/*.ts'], serverPatterns()),
  {
    files: ['server/main.ts', 'server/seed/**/*.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns({ seed: false }) }] },
  },
  // The inner zones, innermost first: each names the server folders it must not import.
  layer(
    ['server/db/**/*.ts'],
    [
      ...serverPatterns(),
      serverZone(
        { folders: ['lib', 'plugins', 'features', 'read-models'], files: ['app', 'main', 'config'], contract: true },
        'server/db só importa src/domain e os próprios arquivos.',
      ),
    ],
  ),
  layer(
    ['server/lib/**/*.ts'],
    [
      ...serverPatterns(),
      serverZone(
        { folders: ['plugins', 'features', 'read-models'], files: ['app', 'main', 'config'] },
        'server/lib só importa server/db, src/domain e src/contract (um plugin usa server/lib, nunca o contrário).',
      ),
    ],
  ),
  layer(
    ['server/plugins/**/*.ts'],
    [
      ...serverPatterns(),
      serverZone(
        { folders: ['features', 'read-models'], files: ['app', 'main', 'config'] },
        'server/plugins só importa server/lib, server/db, src/domain e src/contract (nunca uma feature).',
      ),
    ],
  ),
  // A feature imports another feature only through the owner's read.ts (what others may read of its
  // data; uploads also lends claims.ts), and no plugin: what it needs of one lives in server/lib.
  ...serverFeatures.map((name) => layer([`server/features/${name}/**/*.ts`], featurePatterns(name))),
);

/** The no-restricted-imports patterns of every server file; `seed: false` where the seed may be imported. */
function serverPatterns({ seed = true } = {}) {
  return [
    {
      // Relative specifiers only: `../../src/domain/x.ts` is the one way server code names client code.
      regex: '^(\\.\\./)+src/(?!domain/|contract/)',
      message:
        'O servidor só compartilha src/domain e src/contract com o cliente (nunca src/entities, src/session, src/lib, src/data, src/api, src/offline, src/ui, src/features nem src/app).',
    },
    ...(seed
      ? [{ group: ['**/seed/**', '**/seed'], message: 'Código de produção não importa server/seed (só server/main.ts e os testes).' }]
      : []),
  ];
}

/**
 * One pattern forbidding server `folders` (server/<folder>/…) and root `files` (server/<file>.ts),
 * whatever the depth of the relative specifier; `contract` also forbids src/contract.
 */
function serverZone({ folders, files, contract = false }, message) {
  const alternatives = [`^(\\.\\./)+(${folders.join('|')})(/|$)`, `^(\\.\\./)+(${files.join('|')})\\.ts$`];
  if (contract) alternatives.push('^(\\.\\./)+src/contract(/|$)');
  return { regex: alternatives.join('|'), message };
}

/** A server feature's patterns. */
function featurePatterns(name) {
  return [
    ...serverPatterns(),
    serverZone(
      { folders: ['plugins', 'read-models'], files: ['app', 'main'] },
      'Uma feature do servidor importa server/lib, server/db, src/domain, src/contract, server/config.ts, os próprios arquivos e o read.ts de outra feature; nunca um plugin (o que ela usa dele mora em server/lib).',
    ),
    {
      // Another feature's folder, relative (`../members/x.ts`) or through features/, except its door:
      // read.ts, and uploads' claims.ts.
      regex: `^(\\.\\./)+(features/)?(${otherServerFeatures(name)})/(?!read\\.ts$)(?!(?<=uploads/)claims\\.ts$)`,
      message:
        'Uma feature do servidor não importa o repositório de outra nem outro módulo dela: leia pelo read.ts da dona (server/features/<dona>/read.ts; de uploads, também claims.ts).',
    },
  ];
}

/** The features gate: a feature never imports another one nor src/app. */
function featureGate(name) {
  return [
    {
      regex: `^(\\.\\./)+(${others(name)})(/|$)|features/(${others(name)})(/|$)`,
      message: 'Uma feature não importa outra; mova o código compartilhado para src/entities, src/domain, src/ui, src/offline ou src/api.',
    },
    { group: ['**/app/**'], message: 'Features não importam src/app.' },
  ];
}
