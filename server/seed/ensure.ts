import { createHash } from 'node:crypto';
import { eq, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import { cpfCheckDigits } from '../../src/domain/cpf.ts';
import { HOLIDAYS, type TenantSeed } from './data.ts';

/** The seed's shared pieces: the insert-if-missing helper every domain module uses, and deterministic values. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TenantTable = PgTable & { tenantId: PgColumn };

/**
 * Returns the row matching `conditions` in the tenant, inserting `values` only when there is none.
 * Existing rows are never updated: a re-run must change nothing, even if the seed data was edited.
 */
export type Ensure = <T extends TenantTable>(
  table: T,
  conditions: SQL[],
  values: Omit<InferInsertModel<T>, 'tenantId'>,
) => Promise<InferSelectModel<T>>;

export type Counter = { created: number };

export function makeEnsure(tx: Tx, tenantId: string, counter: Counter): Ensure {
  return async (table, conditions, values) => {
    const [found] = await tx
      .select()
      .from(table as PgTable)
      .where(scoped(table, tenantId, ...conditions))
      .limit(1);
    if (found) return found as never;
    const [row] = (await tx
      .insert(table)
      .values(withTenant(tenantId, values) as never)
      .returning()) as unknown[];
    counter.created++;
    return row as never;
  };
}

/** A question's answer ranges (perguntaFaixaResposta), each found by its name or added. */
export async function ensureAnswerRanges(
  ensure: Ensure,
  perguntaId: number,
  ranges: ReadonlyArray<{ faixaNome: string; faixaPontos: number }>,
): Promise<void> {
  for (const r of ranges) {
    await ensure(
      s.perguntaFaixaResposta,
      [eq(s.perguntaFaixaResposta.perguntaId, perguntaId), eq(s.perguntaFaixaResposta.faixaNome, r.faixaNome)],
      { perguntaId, ...r },
    );
  }
}

/** Deterministic digits from a key, so every run derives the same CPF or phone for the same person. */
export function digitsFor(key: string, length: number): string {
  const n = BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 15)}`) % 10n ** BigInt(length);
  return n.toString().padStart(length, '0');
}

export function cpfFor(t: TenantSeed, key: string): string {
  const firstNine = digitsFor(`${t.id}:${key}`, 8) + t.cpfRegion;
  // Stored as digits only, like every CPF in the database; screens apply the mask.
  return firstNine + cpfCheckDigits(firstNine);
}

export function phone(ddd: string, block: number, key: string): string {
  return `(${ddd}) 9${block}-${digitsFor(key, 4)}`;
}

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Moves a date forward past weekends and national holidays. */
export function businessDay(isoDate: string): string {
  let day = isoDate;
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day)) return day;
    day = addDays(day, 1);
  }
}
