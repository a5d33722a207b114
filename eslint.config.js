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

/** Import patterns naming src/<layer> folders, for relative and absolute specifiers alike. */
const layerPaths = (layers) => layers.map((name) => `**/${name}/**`);

const layer = (files, patterns, extra = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }], ...extra },
});

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'data', 'server/db/migrations', 'test-results', 'playwright-report', '.tmp'] },
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
  // src/domain is shared with the server: pure rules and schemas, no React, Dexie, DOM, network or Node.
  layer(
    ['src/domain/**/*.ts'],
    [
      {
        group: ['react', 'react-*', 'react/*', '@chakra-ui/*', '@emotion/*', 'framer-motion'],
        message: 'src/domain não usa React nem UI.',
      },
      { group: ['dexie', 'dexie-*', 'ky', 'workbox-*'], message: 'src/domain não faz I/O.' },
      { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'url'], message: 'src/domain não usa módulos do Node.' },
      { group: ['../*', '!./*'], message: 'src/domain só importa de src/domain.' },
    ],
    {
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
    },
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
          message: 'Uma feature não importa outra; mova o código compartilhado para src/entities, src/domain, src/ui, src/offline ou src/api.',
        },
        { group: ['**/app/**'], message: 'Features não importam src/app.' },
      ],
    ),
  ),
  // The worker registers the device tables (data, no feature code) so it opens the page's Dexie versions.
  layer(
    ['sw/**/*.ts'],
    [{ group: ['**/features/**', '**/app/**', '!**/app/device-tables.ts', '**/ui/**'], message: 'O service worker não importa features nem UI.' }],
  ),
  // Every server file: only src/domain is shared with the client, and the demo seed is no part of the
  // running product (server/main.ts, the composition root, runs it on a first start; tests use it).
  layer(['server/**/*.ts'], serverPatterns()),
  {
    files: ['server/main.ts', 'server/seed/**/*.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns({ seed: false }) }] },
  },
  // A server feature reads another's data through server/read-models (or a module the owner exports
  // as such, e.g. uploads/claims.ts), never through its repository or routes.
  ...serverFeatures.map((name) =>
    layer(
      [`server/features/${name}/**/*.ts`],
      [
        ...serverPatterns(),
        {
          regex: `^(\\.\\./)+(features/)?(${otherServerFeatures(name)})/(repository|routes)(\\.ts)?$`,
          message: 'Uma feature do servidor não importa o repositório de outra; use server/read-models ou o módulo que a outra exporta.',
        },
      ],
    ),
  ),
);

/** The no-restricted-imports patterns of every server file; `seed: false` where the seed may be imported. */
function serverPatterns({ seed = true } = {}) {
  return [
    {
      group: ['**/src/features/**', '**/src/app/**', '**/src/ui/**', '**/src/offline/**', '**/src/api/**'],
      message: 'O servidor só compartilha src/domain com o cliente.',
    },
    ...(seed
      ? [{ group: ['**/seed/**', '**/seed'], message: 'Código de produção não importa server/seed (só server/main.ts e os testes).' }]
      : []),
  ];
}
