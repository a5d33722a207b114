/**
 * The pure rules behind the masked inputs: re-applying a mask on every keystroke without losing
 * the caret, and the money field. No DOM, so they run in node tests.
 */

/** Characters that carry data; everything else in a masked value is decoration the mask adds. */
const SIGNIFICANT = /[\p{L}\p{N}]/u;

function countSignificant(text: string, end: number): number {
  let count = 0;
  for (const char of text.slice(0, end)) if (SIGNIFICANT.test(char)) count++;
  return count;
}

/** The position right after the `count`-th significant character of `text` (0 when count is 0). */
export function positionAfterSignificant(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (SIGNIFICANT.test(text[i]) && ++seen === count) return i + 1;
  }
  return text.length;
}

export type MaskEdit = {
  /** The masked value before the keystroke. */
  previous: string;
  /** What the browser put in the input: the previous value with the user's edit applied. */
  raw: string;
  /** The caret in `raw`. */
  caret: number;
  /** InputEvent.inputType, e.g. "insertText", "deleteContentBackward". */
  inputType?: string | undefined;
};

/**
 * Masks an edited value and says where the caret goes: after the same number of kept data
 * characters as before it in the edited text, so typing in the middle of "(11) 9876-5432" keeps the caret where the user is.
 * Deleting only a separator ("-", ")") would be undone by the mask and the key would seem dead,
 * so then the data character next to it is deleted too.
 */
export function applyMaskEdit(
  mask: (raw: string) => string,
  { previous, raw, caret, inputType }: MaskEdit,
): { value: string; caret: number } {
  let source = raw;
  let at = caret;
  let value = mask(source);
  const deleting = inputType?.startsWith('delete') ?? raw.length < previous.length;
  if (deleting && value === previous && raw !== previous && raw.length < previous.length) {
    if (inputType === 'deleteContentForward') {
      const index = firstSignificantFrom(source, at);
      if (index !== -1) source = source.slice(0, index) + source.slice(index + 1);
    } else {
      const index = lastSignificantBefore(source, at);
      if (index !== -1) {
        source = source.slice(0, index) + source.slice(index + 1);
        at = index;
      }
    }
    value = mask(source);
  }
  // Count through the mask, so characters it rejects (a letter in a CPF) do not push the caret on.
  const kept = mask(source.slice(0, at));
  return { value, caret: positionAfterSignificant(value, countSignificant(kept, kept.length)) };
}

function lastSignificantBefore(text: string, end: number): number {
  for (let i = Math.min(end, text.length) - 1; i >= 0; i--) if (SIGNIFICANT.test(text[i])) return i;
  return -1;
}

function firstSignificantFrom(text: string, start: number): number {
  for (let i = start; i < text.length; i++) if (SIGNIFICANT.test(text[i])) return i;
  return -1;
}

/** R$ 99.999.999.999,99: more than any amount in the product and far below Number.MAX_SAFE_INTEGER. */
export const MONEY_MAX_DIGITS = 13;

/**
 * What a money field keeps as the person types (spec §1: R$, 2 decimals, no negatives): digits,
 * thousands dots and one decimal comma with at most 2 places, as a pt-BR person writes an amount
 * ("1500,5", "1.500,50", "1500", "0,5", "0"). The R$ prefix, a minus sign and anything else are
 * dropped; digits past the limit are ignored. Idempotent, so it can run on every keystroke.
 */
export function maskMoneyText(raw: string, maxDigits: number = MONEY_MAX_DIGITS): string {
  const kept = raw.replace(/[^\d.,]/g, '');
  const comma = kept.indexOf(',');
  const whole = comma === -1 ? kept : kept.slice(0, comma);
  let wholeDigits = 0;
  // Whole digits beyond the limit (cents excluded) are dropped, so the amount stays exact.
  const limitedWhole = [...whole].filter((c) => c === '.' || ++wholeDigits <= maxDigits - 2).join('');
  if (comma === -1) return limitedWhole;
  const decimals = kept
    .slice(comma + 1)
    .replace(/\D/g, '')
    .slice(0, 2);
  return `${limitedWhole},${decimals}`;
}

/**
 * The integer cents a money field's text stands for; null when it holds no digit. The comma is
 * the decimal separator and dots group thousands ("1.500,5" is R$ 1.500,50). Without a comma, a
 * single dot followed by one or two digits is read as a decimal point ("1500.5", from a keypad
 * that offers only a dot), any other dot as grouping ("1.500" is R$ 1.500,00).
 */
export function centsFromMoneyText(text: string, maxDigits: number = MONEY_MAX_DIGITS): number | null {
  const masked = maskMoneyText(text, maxDigits);
  if (!/\d/.test(masked)) return null;
  let [whole = '', decimals = ''] = masked.split(',');
  if (!masked.includes(',') && /^\d*\.\d{1,2}$/.test(masked)) [whole = '', decimals = ''] = masked.split('.');
  return Number(whole.replace(/\./g, '') || '0') * 100 + Number(decimals.padEnd(2, '0'));
}

/** R$ in the API (reais, 2 decimals) from the money field's integer cents. */
export function reaisFromCents(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** The money field's integer cents from the API's reais (rounded: 0.1 + 0.2 must not become 30.000000000000004 cents). */
export function centsFromReais(reais: number | null | undefined): number | null {
  return reais === null || reais === undefined ? null : Math.round(reais * 100);
}
