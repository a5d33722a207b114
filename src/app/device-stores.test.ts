import { describe, expect, it } from 'vitest';
import { DEVICE_STORES } from './device-stores.ts';
import { DEVICE_TABLES } from './device-tables.ts';

/**
 * The service worker registers DEVICE_STORES, the page DEVICE_TABLES: whichever opens the store
 * first runs the upgrade, so both must build the very same Dexie versions (src/offline/db.test.ts
 * compares the page's with the landed ones).
 */
describe("the service worker's device tables", () => {
  it("are the page's tables, in the same order, with the same stores and upgrades", () => {
    const opening = (tables: typeof DEVICE_STORES) => tables.map(({ name, versions, upgrades }) => ({ name, versions, upgrades }));
    expect(opening(DEVICE_STORES)).toEqual(opening(DEVICE_TABLES));
    DEVICE_TABLES.forEach((table, i) => expect(table.upgrades).toBe(DEVICE_STORES[i]!.upgrades));
  });
});
