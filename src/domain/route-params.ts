/** Ids read from route parameters: every screen that opens a record by the id in its address uses these. */

const MAX_INT = 2_147_483_647;

/** A positive integer id from a route parameter, or null for anything else ("abc", "0", "1.5"). */
export function parseRouteId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_INT ? id : null;
}

/**
 * A comma-separated list of ids ("3,5,8", the action plan's selected follow-ups): each must be a
 * valid id, or the whole list is refused (null), so a mistyped link never shows a partial plan.
 * Repeated ids count once; the order is kept.
 */
export function parseRouteIdList(value: string | undefined): number[] | null {
  if (!value) return null;
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const id = parseRouteId(part.trim());
    if (id === null) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
