/**
 * Text comparison, search and truncation for lists (spec §1: sorting is accent-insensitive, locale pt-BR; spec §9: truncation).
 * Shared by the client and the server so a list sorts the same wherever it is built.
 */

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Canonical form for searching: decomposed, without diacritics, lowercase. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

/** True when `needle` occurs in `haystack` ignoring accents, case and surrounding blanks; an empty needle matches everything. */
export function includesText(haystack: string, needle: string): boolean {
  const wanted = normalizeForSearch(needle.trim());
  return wanted === '' || normalizeForSearch(haystack).includes(wanted);
}

// ---------------------------------------------------------------- truncation
// Here and not with the dates in format.ts: every table cuts text, and a table need not load date-fns.

/** List truncation lengths of spec §9. */
export const TRUNCATE = {
  rejectionReason: 50,
  solutionGroupDescription: 50,
  rangeName: 50,
  solutionDescription: 20,
  taskDescription: 20,
  evidenceDescription: 20,
  solutionName: 15,
} as const;

export type Truncated = { text: string; truncated: boolean };

/**
 * Cuts to `max` characters plus an ellipsis; `truncated` tells the caller to offer the full text
 * (a tooltip). Counted in code points so an emoji or accented letter is never split in half.
 */
export function truncate(text: string | null | undefined, max: number): Truncated {
  const value = text ?? '';
  const chars = Array.from(value);
  if (chars.length <= max) return { text: value, truncated: false };
  return { text: `${chars.slice(0, Math.max(0, max)).join('').trimEnd()}…`, truncated: true };
}

// Cyrillic and Greek letters drawn like Latin ones (Unicode confusables, the ones a name can hide).
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', с: 'c', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', ѕ: 's', т: 't', у: 'y', х: 'x',
  ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ɑ: 'a',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c', ϳ: 'j',
};

/**
 * What a name looks like, for telling apart names that only differ by invisible or lookalike
 * characters: NFKC (fullwidth and other compatibility forms), without format and other
 * default-ignorable characters (zero-width spaces, joiners, direction marks), Cyrillic and Greek
 * lookalikes folded to Latin, then without accents, in lower case, with blanks collapsed.
 */
export function lookalikeKey(value: string): string {
  const plain = value
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLowerCase();
  const folded = [...plain].map((ch) => CONFUSABLES[ch] ?? ch).join('');
  return normalizeForSearch(folded).replace(/\s+/g, ' ').trim();
}
