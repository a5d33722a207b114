import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** Bodies and slow clients (issue 13, item 7), against a listening server through a raw socket. */

let t: TestApp;
let port: number;
let token: string;
const IDLE_MS = 1_000;

beforeAll(async () => {
  t = await createTestApp({ config: { idleTimeoutMs: IDLE_MS, headersTimeoutMs: IDLE_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  token = await login(t, 'condutor@demo.local');
});
afterAll(async () => t?.close());

type Outcome = { data: string; closed: boolean; ms: number };

/** Resolves with what the server sent once it closes the socket, or after `budgetMs` (closed: false). */
function watch(socket: Socket, budgetMs: number): Promise<Outcome> {
  const startedAt = Date.now();
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closed: false, ms: Date.now() - startedAt });
    }, budgetMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ data, closed: true, ms: Date.now() - startedAt });
    });
    socket.once('error', () => {});
  });
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function head(lines: Record<string, string | number>, requestLine = 'POST /api/relatorio HTTP/1.1') {
  return `${requestLine}\r\nhost: 127.0.0.1\r\n${Object.entries(lines)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

describe('bodies over the limit', () => {
  it('a multipart form declaring 300 MB is refused with 413 before its body is sent, and the connection closed', async () => {
    const socket = await open();
    const outcome = watch(socket, 10_000);
    socket.write(
      head({
        ...authHeaders(token),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': 300 * 1024 * 1024,
      }),
    );
    const { data, closed } = await outcome;
    expect(data).toMatch(/^HTTP\/1\.1 413 /);
    expect(data).toContain('O corpo da requisição é maior que o permitido.');
    expect(closed).toBe(true);
  });
});

describe('slow clients', () => {
  it('a client trickling its headers is dropped once idle longer than the time-out', async () => {
    const socket = await open();
    const outcome = watch(socket, 10 * IDLE_MS);
    socket.write('POST /api/usuario/login HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    const { closed, ms } = await outcome;
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(5 * IDLE_MS);
  });

  it('a client trickling its body is dropped once idle longer than the time-out', async () => {
    const socket = await open();
    const outcome = watch(socket, 10 * IDLE_MS);
    socket.write(head({ database: 'sc', 'content-type': 'application/json', 'content-length': 100 }, 'POST /api/usuario/login HTTP/1.1'));
    socket.write('{"lo');
    const { closed, ms } = await outcome;
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(5 * IDLE_MS);
  });
});
