import { formatDate, maskDate, parseDateBr } from '../../domain/format.ts';
import type { Period } from '../../domain/payments.ts';

/**
 * The payment dialog's pure helpers (no React, no DOM): what the screens compute from what the user
 * chose. The rules themselves (the checks in the spec's order, the period, the hours) are the
 * domain's (src/domain/payments.ts), shared with the server.
 */

/**
 * Spec §5 "Period format: dd/mm/yyyy - dd/mm/yyyy", written as the digits are typed: the first
 * eight digits are the start, the next eight the end; " - " appears only when an end digit follows,
 * so a half-typed period never ends in a separator the user must delete. Idempotent.
 */
export function maskPeriod(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  const start = maskDate(digits.slice(0, 8));
  return digits.length > 8 ? `${start} - ${maskDate(digits.slice(8))}` : start;
}

/** The ids chosen in a checkable list, toggling one. */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const without = ids.filter((x) => x !== id);
  return on ? [...without, id] : without;
}

/**
 * Whether a report created at `criacao` (ISO instant) may be billed in `period` (spec §5, issue 28
 * item 2: "inside the period"), on its São Paulo day as the server compares it. With no valid period
 * typed yet every report of the contract is offered.
 */
export function inPeriod(criacao: string, period: Period | null): boolean {
  if (!period) return true;
  const day = parseDateBr(formatDate(criacao));
  return day !== null && day >= period.inicio && day <= period.fim;
}
