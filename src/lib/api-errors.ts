import { isHTTPError, type HTTPError, type KyRequest } from 'ky';
import type * as z from 'zod/mini';
import type { errorSchema } from '../domain/session.ts';

// Apart from client.ts so that a screen can read a failed call's error without loading the client
// itself (the login form loads the client only when it is used).

export type ApiErrorBody = z.infer<typeof errorSchema>;

/** Error bodies are read once (client.ts), before the error reaches the caller, so reading them stays synchronous. */
export const errorBodies = new WeakMap<HTTPError, ApiErrorBody>();

export function bearerOf(request: KyRequest): string | null {
  return request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
}

export function apiErrorBody(error: unknown): ApiErrorBody | null {
  return isHTTPError(error) ? (errorBodies.get(error) ?? null) : null;
}

/** The server's pt-BR message, meant to be shown as is, or `fallback` when there is none. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return apiErrorBody(error)?.message ?? fallback;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatusOf(error: unknown): number | null {
  return isHTTPError(error) ? error.response.status : null;
}
