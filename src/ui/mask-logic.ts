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
 * The cents typed into a money field (spec §1: R$, 2 decimals, no negatives). Digits fill from
 * the right like a till: typing 1, 2, 3 gives R$ 0,01, R$ 0,12, R$ 1,23. A minus sign is ignored.
 * Deleting down to zero empties the field (null), so it can be cleared with Backspace.
 */
export function centsFromMoneyInput(raw: string, inputType?: string, maxDigits: number = MONEY_MAX_DIGITS): number | null {
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return raw.replace(/\D/g, '') === '' || inputType?.startsWith('delete') ? null : 0;
  return Number(digits.slice(0, maxDigits));
}
