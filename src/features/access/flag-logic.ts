import { FLAG_AREAS, FLAG_KEYS, PERMISSION_FLAGS, type FlagArea, type FlagKey, type FlagSet } from '../../domain/permission-flags.ts';
import { includesText } from '../../domain/text.ts';

export type FlagDefinition = (typeof PERMISSION_FLAGS)[number];

export type FlagSection = { area: FlagArea; label: string; flags: FlagDefinition[] };

/**
 * The catalogue grouped by area, in the order FLAG_AREAS declares, keeping the catalogue's order
 * inside each area. Only flags whose label or key contains `query` (accents and case ignored) are
 * kept, and areas left empty are dropped, so a filter shows nothing it did not match.
 */
export function flagSections(query = ''): FlagSection[] {
  return (Object.keys(FLAG_AREAS) as FlagArea[])
    .map((area) => ({
      area,
      label: FLAG_AREAS[area],
      flags: PERMISSION_FLAGS.filter((f) => f.area === area && (includesText(f.label, query) || includesText(f.key, query))),
    }))
    .filter((section) => section.flags.length > 0);
}

/** `flags` with every key of `keys` set to `on`; the same object when nothing changes, so React skips the render. */
export function setFlags(flags: FlagSet, keys: readonly FlagKey[], on: boolean): FlagSet {
  if (keys.every((k) => flags[k] === on)) return flags;
  const next = { ...flags };
  for (const key of keys) next[key] = on;
  return next;
}

/** How many of `keys` are on. */
export function countOn(flags: FlagSet, keys: readonly FlagKey[]): number {
  return keys.reduce((n, k) => n + (flags[k] ? 1 : 0), 0);
}

/** The flags whose value differs from `base`: what a save has to send. */
export function changedFlags(base: FlagSet, edited: FlagSet): Partial<FlagSet> {
  return Object.fromEntries(FLAG_KEYS.filter((k) => base[k] !== edited[k]).map((k) => [k, edited[k]])) as Partial<FlagSet>;
}

/** Just the flags of a value that carries more (a group also has its id, name and lists). */
export function pickFlags(source: FlagSet): FlagSet {
  return Object.fromEntries(FLAG_KEYS.map((k) => [k, source[k]])) as FlagSet;
}
