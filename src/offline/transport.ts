import { api } from '../api/client.ts';
import { parseBody, type Transport } from './transport-types.ts';

/**
 * The page's transport: the app's one ky client, so the outbox gets the same headers and the same
 * 401 handling (sign-out, "Sessão expirada") as every screen. HTTP errors are answers here, and
 * ky's own timeout and retries are off: the engine times and retries each request itself.
 */
export const kyTransport: Transport = async (request) => {
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['Content-Type'] = request.contentType;
  const response = await api(request.path, {
    method: request.method,
    headers,
    json: request.json,
    body: request.body,
    signal: request.signal,
    throwHttpErrors: false,
    timeout: false,
    retry: 0,
  });
  return { status: response.status, headers: response.headers, body: parseBody(await response.text()) };
};
