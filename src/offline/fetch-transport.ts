import type { CurrentIdentity } from './current.ts';
import { parseBody, type Transport } from './transport-types.ts';

/**
 * The service worker's transport: plain fetch (ky's hooks read the page's session, which a worker
 * does not have), with the headers the ky client would add, taken from the stored identity.
 */
export function createFetchTransport(identity: CurrentIdentity, baseUrl = '/api'): Transport {
  return async (request) => {
    const headers: Record<string, string> = {
      ...request.headers,
      Authorization: `Bearer ${identity.token}`,
      database: identity.tenant,
      // Same value the page's client sends (src/api/client.ts).
      branch: 'hlg',
    };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.body !== undefined) {
      if (request.contentType) headers['Content-Type'] = request.contentType;
      body = request.body;
    }
    const response = await fetch(`${baseUrl}/${request.path}`, { method: request.method, headers, body, signal: request.signal });
    return { status: response.status, headers: response.headers, body: parseBody(await response.text()) };
  };
}
