import type { Options } from 'ky';
// zod/mini: the top-level parse of any schema, without classic zod's chainable API on the path of every screen.
import * as z from 'zod/mini';
import type { BodyOf, EndpointSpec, PathParams, QueryOf, ResultOf, Schema } from '../contract/endpoint.ts';
import { isFileResponse, pathOf, queryString } from '../contract/endpoint.ts';
import { api } from './client.ts';

/**
 * The client's one way to call the server: an endpoint declaration (src/contract) and its input,
 * never a path written by hand. Goes through the one ky client (src/api/client.ts: session,
 * tenant and variant headers, 401 handling, pt-BR error bodies).
 */

/** A path or query value travels as text: a number is as good as its digits (`{ id: 7 }`). */
type Wire<T> = { [K in keyof T]: T[K] extends string ? T[K] | number : T[K] };

// An endpoint declares params, query or body only when it has them, so each part is asked for only then.
type Input<E extends EndpointSpec> = (E extends { params: Schema } ? { params: Wire<PathParams<E>> } : { params?: undefined }) &
  (E extends { query: Schema } ? { query: Wire<QueryOf<E>> } : { query?: undefined }) &
  (E extends { body: Schema } ? { body: BodyOf<E> } : { body?: undefined }) & {
    signal?: AbortSignal;
    timeout?: number;
    headers?: Record<string, string>;
  };

/** The input is optional when every part of it is. */
type Args<E extends EndpointSpec> = Partial<Input<E>> extends Input<E> ? [Input<E>?] : [Input<E>];

type AnyInput = {
  params?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeout?: number;
  headers?: Record<string, string>;
};

/** The URL (relative to /api, ky's prefixUrl) an endpoint call goes to. */
export function urlOf<E extends EndpointSpec>(ep: E, input: Pick<Input<E>, 'params' | 'query'>): string {
  const { params, query } = input as AnyInput;
  return pathOf(ep, params) + queryString(query);
}

/** Sends the call and answers ky's Response as is (a file, a stream, a status the caller reads itself). */
export function callRaw<E extends EndpointSpec>(ep: E, ...[input]: Args<E>): Promise<Response> {
  const { body, signal, timeout, headers } = (input ?? {}) as AnyInput;
  const options: Options = { method: ep.method, signal, headers };
  if (timeout !== undefined) options.timeout = timeout;
  if (body !== undefined) options.json = body;
  return api(pathOf(ep, (input as AnyInput | undefined)?.params) + queryString((input as AnyInput | undefined)?.query), options);
}

/**
 * Calls the endpoint and parses its JSON answer with the declared success schema (the 200, or the
 * 201 of a creation), so a screen reads the same types the server sends. A file answer
 * (fileResponse) is not JSON: use callRaw.
 */
export async function call<E extends EndpointSpec>(ep: E, ...rest: Args<E>): Promise<ResultOf<E>> {
  const schema = ep.response[200] ?? ep.response[201];
  if (isFileResponse(schema)) throw new Error(`${ep.method} ${ep.path} responde um arquivo: use callRaw.`);
  const response = await callRaw(ep, ...rest);
  if (response.status === 204 || !schema) return undefined as ResultOf<E>;
  return z.parse(schema, await response.json()) as ResultOf<E>;
}
