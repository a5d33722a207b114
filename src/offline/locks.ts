/**
 * The part of the Web Locks API the engine uses. `navigator.locks` is shared by every tab and the
 * service worker of the origin, which is what makes "one drainer at a time" hold across them.
 */
export type LockManagerLike = {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

/**
 * Same semantics within one JavaScript context: for tests, and for a browser without Web Locks,
 * where it still keeps a tab from draining twice (across tabs, the idempotency keys keep a double
 * send harmless).
 */
export function createMemoryLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request<T>(name: string, _options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

let fallback: LockManagerLike | null = null;

export function defaultLocks(): LockManagerLike {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks as unknown as LockManagerLike;
  fallback ??= createMemoryLocks();
  return fallback;
}
