import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/domain/uploads.ts';
import { WRITE_GATE_MESSAGE } from '../../server/plugins/write-gate.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

const HELD_URL = '/api/teste/escrita-retida';

let t: TestApp;
/** Handlers entered so far, by body x; each resolves the promise a test waits on. */
const entered = new Map<string, () => void>();
const enteredPromises = new Map<string, Promise<void>>();
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));

function whenEntered(x: string): Promise<void> {
  if (!enteredPromises.has(x)) enteredPromises.set(x, new Promise<void>((resolve) => entered.set(x, resolve)));
  return enteredPromises.get(x)!;
}

beforeAll(async () => {
  t = await createTestApp({
    // Small limits: 2 writes at once, 1 waiting, 2 per user.
    config: { writeGate: { concurrency: 2, queueMax: 1, waitMs: 30_000, perUser: 2 } },
    beforeReady(app) {
      // A write that holds its turn until the test releases it, as a slow create in a flush does.
      app.post(HELD_URL, async (request, reply) => {
        const { x } = request.body as { x: string };
        void whenEntered(x);
        entered.get(x)!();
        await released;
        return reply.status(201).send({ x });
      });
    },
  });
});

afterAll(async () => {
  release();
  await t.close();
});

describe('outbox writes take turns (issue 25, item 4)', () => {
  it('beyond the per-user and per-instance limits a write gets 503 with Retry-After and a Portuguese message, copies of a running key wait for its answer, and a read is served meanwhile', async () => {
    const admin = authHeaders(await login(t, 'admin@demo.local'));
    const condutor = authHeaders(await login(t, 'condutor@demo.local'));
    const send = (headers: Record<string, string>, key: string, x: string) =>
      t.app.inject({ method: 'POST', url: HELD_URL, headers: { ...headers, [IDEMPOTENCY_HEADER]: key }, payload: { x } });

    const keyA1 = randomUUID();
    const a1 = send(admin, keyA1, 'a1');
    const a2 = send(admin, randomUUID(), 'a2');
    await Promise.all([whenEntered('a1'), whenEntered('a2')]);

    // The admin already has 2 writes working: a third is refused at once, though the queue has room.
    const a3 = await send(admin, randomUUID(), 'a3');
    expect(a3.statusCode).toBe(503);
    expect(a3.headers['retry-after']).toBe('2');
    expect(a3.json().message).toBe(WRITE_GATE_MESSAGE);

    // A copy of a running key shares its turn: no refusal, it gets the same answer.
    const a1Copy = send(admin, keyA1, 'a1');

    // Another user: the 2 turns are taken, one write waits, the other finds the queue full.
    const [c1, c2] = [send(condutor, randomUUID(), 'c1'), send(condutor, randomUUID(), 'c2')];
    const refused = await Promise.race([c1, c2]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().message).toBe(WRITE_GATE_MESSAGE);

    // Interactive reads do not take turns.
    const read = await t.app.inject({ method: 'GET', url: '/api/municipio', headers: admin });
    expect(read.statusCode).toBe(200);
    expect(entered.has('a3')).toBe(false);

    release();
    const answers = await Promise.all([a1, a2, a1Copy, c1, c2]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 503]);
    const [first, , copy] = answers;
    expect(copy!.json()).toEqual(first!.json());
    expect(copy!.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    // The waiting write of the other user ran once a turn was free.
    const waited = [await c1, await c2].find((r) => r.statusCode === 201)!;
    expect(['c1', 'c2']).toContain(waited.json().x);
  });
});
