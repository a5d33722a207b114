/**
 * How the engine talks to the API, whatever the client underneath: ky in the page
 * (transport.ts), plain fetch in the service worker (fetch-transport.ts), an in-memory server in
 * tests. A transport throws only when no answer arrived (network failure, abort); every HTTP
 * status, 4xx and 5xx included, is an answer.
 */
export type TransportRequest = {
  method: string;
  /** Relative to /api, without a leading slash. */
  path: string;
  headers: Record<string, string>;
  json?: unknown;
  body?: Blob | ArrayBuffer;
  contentType?: string;
  signal: AbortSignal;
};

export type TransportResponse = {
  status: number;
  headers: { get(name: string): string | null };
  /** Parsed JSON, or the text when the body is not JSON, or null when empty. */
  body: unknown;
};

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** JSON when it parses, else the text itself (a proxy's HTML page), null when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
