/**
 * Promise.all over named reads: the answers keep their names (and the order the reads were written
 * in), so a list of results is never destructured into a parallel list of names that can drift.
 * Rejects as Promise.all does, with the first read that fails.
 */
export async function allByName<T extends Record<string, unknown>>(reads: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const names = Object.keys(reads) as Array<keyof T>;
  const values = await Promise.all(names.map((name) => reads[name]));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as { [K in keyof T]: Awaited<T[K]> };
}
