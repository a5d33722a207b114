/**
 * Temporary ids of records created on this device before the server names them.
 *
 * Invariant: a temp id is an integer below -2^31, a range no server id (int4) and no sentinel such
 * as -1 ever reaches, so replacing "that exact number" can only hit the temp id. In queued
 * payloads and request bodies a temp id appears as a JSON number; in request paths and entity keys
 * as a decimal token ("membro/-2147483649/foto", "membro:-2147483649"). Kinds must keep to that:
 * an id hidden inside another string would be sent unreplaced (the engine then parks the entry
 * rather than send it, see findTempIds).
 */

export const FIRST_TEMP_ID = -2_147_483_649;

export function isTempId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value <= FIRST_TEMP_ID;
}

function tokenPattern(id: number): RegExp {
  return new RegExp(`(?<![\\d-])${id}(?!\\d)`, 'g');
}

/** Copy of `value` with every occurrence of the number `tempId` replaced by `serverId`. */
export function replaceTempId<T>(value: T, tempId: number, serverId: number): T {
  if (value === tempId) return serverId as T;
  if (Array.isArray(value)) return value.map((v) => replaceTempId(v, tempId, serverId)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = replaceTempId(v, tempId, serverId);
    return out as T;
  }
  return value;
}

/** `text` with the decimal token of `tempId` replaced (paths and entity keys). */
export function replaceTempIdInText(text: string, tempId: number, serverId: number): string {
  return text.replace(tokenPattern(tempId), String(serverId));
}

/** Every temp id in a JSON-like value and in the given texts. */
export function findTempIds(value: unknown, ...texts: string[]): number[] {
  const found = new Set<number>();
  const visit = (v: unknown) => {
    if (isTempId(v)) found.add(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) Object.values(v).forEach(visit);
  };
  visit(value);
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![\d-])-\d{10,16}(?!\d)/g)) {
      const n = Number(match[0]);
      if (isTempId(n)) found.add(n);
    }
  }
  return [...found];
}
