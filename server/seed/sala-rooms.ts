/**
 * The rooms the demo fills with plans, costs and times (issue 29 item 10), by their position in the
 * tenant's municipality list (server/seed/data.ts): 3 is the seal room (tipo sala), 0 the vigente
 * municipality with the gold seal, so the two rooms tell different stories.
 */
export const DEMO_ROOM_POSITIONS = [3, 0] as const;

/** A small deterministic generator, so every run and every machine seeds the same figures. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/** The twelve months from December 2025 to November 2026 (YYYY-MM), oldest first: a year of demo data. */
export const DEMO_MONTHS = Array.from({ length: 12 }, (_, i) => {
  const month = i === 0 ? 12 : i;
  return `${i === 0 ? 2025 : 2026}-${String(month).padStart(2, '0')}`;
});
