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
  z.number({ error: () => message }).int(message).positive(message).max(2_147_483_647, message);

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
