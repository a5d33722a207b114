import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHUNK_BYTES } from '../../src/domain/uploads.ts';
import { MAX_FORM_BYTES } from '../../server/plugins/input-guard.ts';
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

type Streamed = { status?: number; message?: string; sent: number; closed: boolean; reset?: boolean };

/**
 * Sends `first`, then 256 KiB chunks (chunked transfer encoding: no length for the server to check
 * up front) until the server answers or `limit` bytes are sent. Resolves once the connection is
 * closed, or after 15 s with closed: false (a server still reading, or keeping a hostile client).
 */
function stream(method: string, path: string, headers: Record<string, string>, first: string, limit: number): Promise<Streamed> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, 'transfer-encoding': 'chunked' }, agent: false });
    const out: Streamed = { sent: 0, closed: false };
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      resolve(out);
    }, 15_000);
    request.on('socket', (socket) =>
      socket.once('close', () => {
        clearTimeout(timer);
        // The answer may still be in the parser when the socket closes: let it finish first.
        setImmediate(() => resolve({ ...out, closed: true }));
      }),
    );
    request.on('response', (response) => {
      answered = true;
      out.status = response.statusCode;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => (out.message = (JSON.parse(body) as { message: string }).message));
    });
    // Writing into a connection the server has closed fails (EPIPE, reset): that is the point.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') out.reset = true;
    });
    request.write(first);
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const pump = () => {
      while (!answered && !request.destroyed && out.sent < limit) {
        out.sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered && !request.destroyed) request.end();
    };
    pump();
  });
}

/**
 * The server answered `answer` and closed the connection before the whole body arrived. On a busy
 * machine the close can reach the client as a reset while its bytes are still in flight, and the
 * reset drops the answer before it is read: a reset happens only when the server closed with bytes
 * it had not read, so it is itself the proof of the cut-off. An answer, whenever one arrives, must
 * be `answer`, received before the client sent `limit` bytes.
 */
function expectCutOff(out: Streamed, answer: { status: number; message: string }, limit: number) {
  expect(out.closed).toBe(true);
  if (out.status === undefined) {
    // No answer is acceptable only as that reset, never as a quiet hang-up.
    expect(out.reset).toBe(true);
    return;
  }
  expect(out).toMatchObject(answer);
  expect(out.sent).toBeLessThan(limit);
}

describe('bodies passing the limit mid-stream', () => {
  const TOO_LARGE = 'O corpo da requisição é maior que o permitido.';

  it('a JSON body is cut off with 413 and the connection closed', async () => {
    const limit = 16 * 1024 * 1024;
    const out = await stream('POST', '/api/municipio/grupo', { ...authHeaders(token), 'content-type': 'application/json' }, '{"nome":"', limit);
    expectCutOff(out, { status: 413, message: TOO_LARGE }, limit);
  });

  it('a multipart form is cut off with 413 past its cap, and the connection closed', async () => {
    const limit = 2 * MAX_FORM_BYTES;
    const out = await stream(
      'POST',
      '/api/relatorio',
      { ...authHeaders(token), 'content-type': 'multipart/form-data; boundary=limite' },
      '--limite\r\nContent-Disposition: form-data; name="descricao"\r\n\r\n',
      limit,
    );
    expectCutOff(out, { status: 413, message: TOO_LARGE }, limit);
  });

  it('a file of a multipart form is cut off at its own limit, with the spec message', async () => {
    const limit = 2 * MAX_FORM_BYTES;
    const out = await stream(
      'POST',
      '/api/relatorio',
      { ...authHeaders(token), 'content-type': 'multipart/form-data; boundary=limite' },
      '--limite\r\nContent-Disposition: form-data; name="arquivos"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      limit,
    );
    expectCutOff(out, { status: 400, message: 'Arquivo não pode ser maior que 25MB!' }, limit);
  });

  it('an upload chunk is cut off with 413 past the chunk cap, and the connection closed', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: authHeaders(token),
      payload: { chave: 'limite-meio-do-envio', nome: 'a.pdf', tamanho: 3 * MAX_CHUNK_BYTES, sha256: 'a'.repeat(64), finalidade: 'anexo' },
    });
    expect(started.statusCode).toBe(201);
    // Past the cap, the socket buffers of both ends (several MB each on loopback) take bytes the
    // server never reads: at 3 caps a busy machine once had them all written before the 413 came.
    const limit = 6 * MAX_CHUNK_BYTES;
    const out = await stream(
      'PUT',
      `/api/upload/${started.json().uploadId}?offset=0`,
      { ...authHeaders(token), 'content-type': 'application/octet-stream' },
      '%PDF-1.4\n',
      limit,
    );
    expectCutOff(out, { status: 413, message: TOO_LARGE }, limit);
    // Nothing of the refused chunk was kept.
    const status = await t.app.inject({ method: 'GET', url: `/api/upload/${started.json().uploadId}`, headers: authHeaders(token) });
    expect(status.json()).toMatchObject({ recebido: 0 });
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
