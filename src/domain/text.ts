/**
 * Text comparison for lists and search (spec §1: sorting is accent-insensitive, locale pt-BR).
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
