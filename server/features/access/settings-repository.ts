import { defaultFlags, FLAG_KEYS, type FlagSet } from '../../../src/domain/permission-flags.ts';
import type { ConfigUpdate } from '../../../src/domain/users.ts';
import type { Conn } from '../../lib/command.ts';
import { configuracao } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';

type ConfigRow = typeof configuracao.$inferSelect;

const flagsOf = (row: ConfigRow): FlagSet => Object.fromEntries(FLAG_KEYS.map((k) => [k, row[k]])) as FlagSet;

/** A tenant without its row yet behaves as the catalogue defaults, as the session does. */
export async function getConfig(db: Conn, tenantId: string): Promise<FlagSet> {
  const [row] = await db.select().from(configuracao).where(scoped(configuracao, tenantId));
  return row ? flagsOf(row) : defaultFlags();
}

/** Only the flags given change; the row is created from the defaults the first time. */
export async function updateConfig(db: Conn, tenantId: string, changes: ConfigUpdate): Promise<FlagSet> {
  const [row] = await db
    .insert(configuracao)
    .values(withTenant(tenantId, { ...defaultFlags(), ...changes }))
    .onConflictDoUpdate({
      target: configuracao.tenantId,
      set: { ...changes, atualizadoEm: new Date() },
      where: scoped(configuracao, tenantId),
    })
    .returning();
  return flagsOf(row!);
}
