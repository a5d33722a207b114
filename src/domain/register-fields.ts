import { z } from 'zod';
import { idSchema } from './users.ts';

/**
 * The field schemas every register form and route shares (issue 17), so a register's schema is a
 * short list of these and every "required" or "too long" reads the same in pt-BR on both sides.
 */

export { idSchema };

/** The message of a required choice (spec §5: the theme combobox is required, "Campo Obrigatório"). */
export const REQUIRED_CHOICE = 'Campo Obrigatório';

/** A text the form requires: absent, blank or null get the field's own message. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Valor inválido') })
    .trim()
    .min(1, message)
    .max(max, `Deve ter no máximo ${max} caracteres`);

export const nameField = (max = 200) => requiredText('O nome é obrigatório', max);

/** An optional text; absent becomes empty. */
export const optionalText = (max = 2000) => z.string().trim().max(max, `Deve ter no máximo ${max} caracteres`).default('');

/** A required id chosen in a combo: nothing chosen (null, absent, 0) reads "Campo Obrigatório". */
export const requiredChoice = (message = REQUIRED_CHOICE) =>
  z
    .number({ error: () => message })
    .int(message)
    .positive(message)
    .max(2_147_483_647, message);

/** Digits only (spec §5: numeric input restricted to digits), as a whole number within the bounds. */
export const wholeNumber = (label: string, { min = 0, max = 1_000_000_000 } = {}) =>
  z
    .number({ error: () => `${label}: informe um número` })
    .int(`${label}: informe um número inteiro`)
    .min(min, `${label}: o mínimo é ${min}`)
    .max(max, `${label}: o máximo é ${max}`);

/** A decimal with at most two places (spec §5: decimals; money R$ with 2 decimals). */
export const decimalNumber = (label: string, { min = 0, max = 999_999_999_999 } = {}) =>
  z
    .number({ error: () => `${label}: informe um número` })
    .min(min, `${label}: o mínimo é ${min}`)
    .max(max, `${label}: o máximo é ${max}`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label}: no máximo duas casas decimais`);

/** A calendar date as the API carries it. */
export const isoDate = (label: string) =>
  z.string({ error: () => `${label} é obrigatória` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label} inválida`);

/** Ids of a multi-select, without repeats. */
export const idList = (max?: number, tooMany?: string) => {
  const list = z.array(idSchema).transform((ids) => [...new Set(ids)]);
  return max === undefined ? list : list.refine((ids) => ids.length <= max, tooMany ?? `Escolha no máximo ${max}`);
};

// ---------------------------------------------------------------- form text ⇄ numbers

/** What a numeric field keeps while typed (spec §5: digits only, or decimals with a comma). */
export function keepDigits(text: string, maxDigits = 9): string {
  return text.replace(/\D+/g, '').slice(0, maxDigits);
}

/** Digits and one decimal comma, at most two places ("1234,5"); a typed dot counts as the comma. */
export function keepDecimal(text: string): string {
  const cleaned = text.replace(/\./g, ',').replace(/[^\d,]+/g, '');
  const [whole = '', ...rest] = cleaned.split(',');
  return rest.length === 0 ? whole.slice(0, 12) : `${whole.slice(0, 12)},${rest.join('').slice(0, 2)}`;
}

/** Letters (with accents), spaces, hyphens and apostrophes (spec §5: alpha input). */
export function keepAlpha(text: string): string {
  return text.replace(/[^\p{L}\s'-]+/gu, '');
}

/** The number a numeric field's text stands for; empty stays undefined so "required" can say so. */
export function numberFromText(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(value) ? value : text;
}

/** A number as its field shows it (pt-BR decimal comma). */
export function textFromNumber(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeof value === 'string' ? value : '';
  return String(value).replace('.', ',');
}
