import { defineConfig } from 'vitest/config';
import { chakraThemeAlias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: [chakraThemeAlias] },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    globalSetup: ['tests/server/global-setup.ts'],
    // The device tables register as the app does at start-up (src/app/device-tables.ts).
    setupFiles: ['tests/setup/device-tables.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server test file holds its own PGlite (~400 MB); two at a time fits the 2-core CI machine.
    maxWorkers: 2,
    // `npm test` prints lines % per top-level folder from the summary (scripts/coverage-summary.ts).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', 'src/**/testing/**', 'server/db/migrations/**'],
      reporter: ['json-summary', 'text-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
