import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PERMISSION_FLAGS, type FlagKey } from '../../../src/domain/permission-flags.ts';

export const tenant = pgTable('tenant', {
  id: text().primaryKey(),
  nome: text().notNull(),
  uf: text().notNull(),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every tenant-scoped table carries this column; repositories filter on it through `server/db/tenant-scope.ts`. */
export const tenantId = () =>
  text()
    .notNull()
    .references(() => tenant.id);

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

const flagColumn = (def: boolean) => boolean().notNull().default(def);
type FlagColumn = ReturnType<typeof flagColumn>;

/** One boolean column per permission flag, with the spec's defaults (shared by groups and the global configuration). */
export function flagColumns(): { [K in FlagKey]: FlagColumn } {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f.key, flagColumn(f.default)])) as { [K in FlagKey]: FlagColumn };
}
