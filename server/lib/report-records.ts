import { randomBytes } from 'node:crypto';
import { gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';

/** Random and long enough that public links cannot be guessed or enumerated (ids are sequential). */
export function newPublicCode(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The columns an analyst's decision writes, the same for field and administrative reports. An
 * approval clears an earlier reason: it no longer describes the report, and a list would otherwise
 * show a stale rejection.
 */
export function analysisColumns(decision: { aprovado: boolean; motivoRejeicao: string | null; analisadoPorId: number }) {
  return {
    statusRelatorioId: decision.aprovado ? REPORT_STATUS.aprovado : REPORT_STATUS.rejeitado,
    motivoRejeicao: decision.aprovado ? null : decision.motivoRejeicao,
    analisadoPorId: decision.analisadoPorId,
    analisadoEm: sql`now()`,
  };
}

export const SAO_PAULO = 'America/Sao_Paulo';

/** Conditions of a list filter by creation day: São Paulo days, from the start of `inicio` there to the start of the day after `fim`. */
export function createdOnDays(criadoEm: PgColumn, inicio?: string | null, fim?: string | null): (SQL | undefined)[] {
  return [
    inicio ? gte(criadoEm, sql`(${inicio}::date)::timestamp at time zone ${SAO_PAULO}`) : undefined,
    fim ? lt(criadoEm, sql`(${fim}::date + 1)::timestamp at time zone ${SAO_PAULO}`) : undefined,
  ];
}
