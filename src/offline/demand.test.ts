import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state for the page's life: each test loads a fresh copy.
async function freshDemand() {
  vi.resetModules();
  return import('./demand.ts');
}

describe('offline demand', () => {
  let demand: Awaited<ReturnType<typeof freshDemand>>;
  beforeEach(async () => {
    demand = await freshDemand();
  });

  it('starts the store once, however often it is asked for', () => {
    const start = vi.fn();
    demand.setOfflineStarter(start);
    expect(start).not.toHaveBeenCalled();
    expect(demand.offlineDemanded()).toBe(false);
    demand.demandOffline();
    demand.demandOffline();
    expect(start).toHaveBeenCalledTimes(1);
    expect(demand.offlineDemanded()).toBe(true);
  });

  it('a demand made before the starter is known starts the store as soon as it is', () => {
    demand.demandOffline();
    const start = vi.fn();
    demand.setOfflineStarter(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('tells its subscribers once, and no longer after they leave', () => {
    const told = vi.fn();
    const other = vi.fn();
    demand.subscribeOfflineDemand(told);
    const leave = demand.subscribeOfflineDemand(other);
    leave();
    demand.demandOffline();
    demand.demandOffline();
    expect(told).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });
});
