import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/** The idle timeout made small, so a handler slower than it is quick to write. */
const IDLE_MS = 300;
const SLOW_URL = '/api/teste/resposta-lenta';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    config: { idleTimeoutMs: IDLE_MS },
    beforeReady(app) {
      // A handler busy for several idle timeouts, as a write queued behind a flush is.
      app.post(SLOW_URL, { config: { tenant: false, public: true } }, async (request) => {
        await sleep(IDLE_MS * 4);
        return { recebido: request.body };
      });
    },
  });
  // A real socket: inject() has no connection to time out.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

describe('socket timeouts (issue 25, item 3)', () => {
  it('a client that sent its whole request gets the answer of a handler slower than the idle timeout', async () => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}${SLOW_URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recebido: { x: 1 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS * 4);
  });

  it('a client that sends its headers and then stalls in the body is still cut after the idle timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const started = Date.now();
    socket.write(
      `POST ${SLOW_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"x":`,
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const elapsed = Date.now() - started;
    // Cut by the idle timeout, long before the header (15 s) and request (300 s) timeouts.
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(elapsed).toBeLessThan(5_000);
    expect(answer).not.toContain('recebido');
  });
});
