import { defineConfig } from 'vitest/config';
import { chakraThemeAlias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: [chakraThemeAlias] },
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server test file holds its own PGlite (~400 MB); two at a time fits the 2-core CI machine.
    maxWorkers: 2,
  },
});
