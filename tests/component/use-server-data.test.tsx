// @vitest-environment happy-dom
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setNotificationSink, type Notification } from '../../src/lib/notify.ts';
import { isFetching, useServerData, type ServerRead } from '../../src/api/use-server-data.ts';

// The hook is generic (any path, any schema), so it is exercised against a tiny HTTP endpoint that
// answers what each test asks for; the product's routes are covered by the server and e2e suites.

type Seen = { method: string; url: string; body: string };
let server: Server;
const seen: Seen[] = [];
/** What the next answers are: a status and a JSON body per request path. */
let answer: (seenRequest: Seen) => { status: number; body: unknown } = () => ({ status: 200, body: [] });
/** Requests held until released, to observe the loading states. */
let hold: Promise<void> | null = null;
const notified: Notification[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', body: await readBody(request) };
      seen.push(entry);
      if (hold) await hold;
      const { status, body } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The client's prefix is the relative '/api': the page is served from the stub's origin.
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://127.0.0.1:${port}/cidade`);
  setNotificationSink((n) => notified.push(n));
  // happy-dom 20's own fetch closes a body stream twice under Node 20 (ERR_INVALID_STATE), so requests
  // go out through node:http; the client still builds them (prefix, headers, JSON) as in the app.
  globalThis.fetch = nodeFetch;
});

async function nodeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const body = request.method === 'GET' ? '' : await request.text();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(request.url, { method: request.method, headers: Object.fromEntries(request.headers) }, (incoming) => {
      void readBody(incoming).then((text) =>
        resolve(new Response(text, { status: incoming.statusCode, headers: { 'content-type': 'application/json' } })),
      );
    });
    request.signal.addEventListener('abort', () => {
      outgoing.destroy();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  notified.length = 0;
  hold = null;
  answer = () => ({ status: 200, body: [] });
});

const numbers = z.array(z.number());

describe('useServerData', () => {
  it('asks nothing and is idle while the read is null', async () => {
    const { result } = renderHook(() => useServerData(null, numbers, 'Erro'));
    expect(result.current.status).toBe('idle');
    // Give a request every chance to be sent before asserting that none was.
    await act(() => Promise.resolve());
    expect(seen).toEqual([]);
  });

  it('GETs a path and parses the answer', async () => {
    answer = () => ({ status: 200, body: [1, 2, 3] });
    const { result } = renderHook(() => useServerData('numeros', numbers));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ status: 'ready', data: [1, 2, 3], refreshing: false });
    expect(seen).toEqual([{ method: 'GET', url: '/api/numeros', body: '' }]);
  });

  it('asks once when the caller builds its schema at every render', async () => {
    answer = () => ({ status: 200, body: [4] });
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    // As a screen writing useServerData(path, z.array(schema), …) inline does: a new schema each render.
    const { result, rerender } = renderHook(() => useServerData({ path: 'andamento', body: {} }, z.array(z.number()), 'Erro'));
    await waitFor(() => expect(seen).toHaveLength(1));
    // A render while the answer is awaited: it must neither cancel that request nor send another.
    rerender();
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [4] }));
    expect(seen).toHaveLength(1);
  });

  it('POSTs a filter, compares reads by value and keeps the previous answer while a new one loads', async () => {
    answer = ({ body }) => ({ status: 200, body: [(JSON.parse(body) as { n: number }).n] });
    const { result, rerender } = renderHook(({ read }: { read: ServerRead }) => useServerData(read, numbers, 'Erro'), {
      initialProps: { read: { path: 'busca', body: { n: 1 } } },
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [1] }));

    // An equal literal is the same search: no second request.
    rerender({ read: { path: 'busca', body: { n: 1 } } });
    await act(() => Promise.resolve());
    expect(seen).toHaveLength(1);

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    rerender({ read: { path: 'busca', body: { n: 2 } } });
    expect(result.current).toMatchObject({ status: 'loading', previous: [1] });
    expect(isFetching(result.current)).toBe(true);
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [2] }));
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/busca', '{"n":1}'],
      ['POST', '/api/busca', '{"n":2}'],
    ]);
  });

  it('reload asks again and shows the current answer meanwhile', async () => {
    let calls = 0;
    answer = () => ({ status: 200, body: [++calls] });
    const { result } = renderHook(() => useServerData('numeros', numbers));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [1] }));

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'ready', data: [1], refreshing: true });
    expect(isFetching(result.current)).toBe(true);
    release();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: [2], refreshing: false }));
  });

  it("shows the server's pt-BR message on failure, or the screen's own when the server gave none", async () => {
    answer = ({ url }) =>
      url.endsWith('/com-mensagem') ? { status: 400, body: { message: 'Data inicial inválida' } } : { status: 500, body: 'x' };
    const withMessage = renderHook(() => useServerData('com-mensagem', numbers, 'Erro ao obter encontros'));
    await waitFor(() => expect(withMessage.result.current.status).toBe('error'));
    const withoutMessage = renderHook(() => useServerData('sem-mensagem', numbers, 'Erro ao obter encontros'));
    await waitFor(() => expect(withoutMessage.result.current.status).toBe('error'));
    await waitFor(() => expect(notified).toHaveLength(2));
    expect(notified.map((n) => n.title).sort()).toEqual(['Data inicial inválida', 'Erro ao obter encontros']);
  });

  it('leaves the failure to the screen when no message is given', async () => {
    answer = () => ({ status: 404, body: { message: 'Relatório não encontrado' } });
    const { result } = renderHook(() => useServerData('relatorio/1', numbers));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(notified).toEqual([]);
  });
});
