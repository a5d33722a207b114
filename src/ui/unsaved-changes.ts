import { useEffect } from 'react';

/**
 * Which mounted forms hold input that was not saved. The app updater asks before reloading the page,
 * so a new version never throws away what someone was typing.
 */
const dirtyForms = new Set<symbol>();

/** True while at least one mounted form holds unsaved input. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Declares the calling form dirty while `isDirty` is true; unmounting (saved, closed, left) clears it. */
export function useUnsavedChanges(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const form = Symbol('form');
    dirtyForms.add(form);
    return () => {
      dirtyForms.delete(form);
    };
  }, [isDirty]);
}

/**
 * Whether a form value still equals its initial value: arrays and plain objects by content, dates by
 * time, anything else (a picked File, for instance) by identity.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
