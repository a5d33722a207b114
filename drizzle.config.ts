import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; never edit one that has landed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
