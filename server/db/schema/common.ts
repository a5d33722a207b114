import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PERMISSION_FLAGS, type FlagKey } from '../../../src/domain/permission-flags.ts';

export const tenant = pgTable('tenant', {
  id: text().primaryKey(),
  nome: text().notNull(),
  uf: text().notNull(),
  /**
   * Bumped by database triggers on every change to users, groups, permissions or configuration of the
   * tenant (migration 0001), so API instances can cache sessions and still see a change at once.
   */
  versaoPermissoes: bigint({ mode: 'number' }).notNull().default(0),
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
