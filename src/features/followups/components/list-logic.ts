/** The list's selection after ticking or unticking one follow-up (client-only state, spec §3). */
export function selectionAfterToggle(current: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(current);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
