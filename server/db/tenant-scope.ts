import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type TenantTable = { tenantId: PgColumn };

/**
 * The tenant rule, written once: every read of a tenant-scoped table goes through `scoped`,
 * every insert through `withTenant`. A row of another tenant is simply not found (404), never read.
 */
export function scoped(table: TenantTable, tenantId: string, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.tenantId, tenantId), ...conditions) as SQL;
}

export function withTenant<T extends object>(tenantId: string, values: T): T & { tenantId: string } {
  return { ...values, tenantId };
}
