import type { z } from 'zod';
import * as zm from 'zod/mini';
import type { CityTabId } from '../domain/city-tabs.ts';
import type { FlagKey } from '../domain/permission-flags.ts';

/**
 * The one declaration of an API endpoint (issue 26): the server mounts its Fastify route from it
 * (server/lib/endpoint.ts), the OpenAPI document is generated from the route it mounts, and the
 * client calls it (src/api/call.ts, the outbox kinds) instead of writing a path. src/contract
 * imports only src/domain and zod, so the server, the client and the service worker share it.
 */

/** Where a file response keeps its content types, for the OpenAPI document (server/plugins/openapi.ts). */
export const FILE_CONTENT_TYPES = 'x-file-content-types';

/**
 * Whether a response schema is a file (fileResponse, src/contract/schemas.ts), not JSON. Here rather
 * than beside fileResponse so that the client's `call` reads it without the shared schemas (and
 * the domain modules they import) on every screen's critical path (issue 32).
 */
export function isFileResponse(schema: z.core.$ZodType | undefined): boolean {
  return Boolean(schema && zm.globalRegistry.get(schema)?.[FILE_CONTENT_TYPES]);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where access reads an id: a path parameter, a query parameter or a field of the (raw) body. */
export type IdSource = `params.${string}` | `query.${string}` | `body.${string}`;

/**
 * Who may call an endpoint, decided by the server before the body is read or validated (only a
 * `body.*` source waits for the parsed body, never for its validation):
 * - `'public'`: anyone (no bearer token);
 * - `'session'`: any signed-in user;
 * - an object: a signed-in user who passes every rule named, in this order:
 *   1. `municipality` or `record`: the municipality is one the user sees and exists in the tenant,
 *      else 404 "Município não encontrado." (a record's own not-found message for `record`);
 *   2. `tab`: the user may open that city tab of the municipality, else 403;
 *   3. `admin`: administrator (`true`) or the system's full administrator (`'full'`), else 403;
 *   4. `flag`: the user holds the flag (any of them, for a list), else 403;
 *   5. `manage`: an administrator, or a holder of the flag (any of them): the menus' rule
 *      (canManage, src/domain/permissions.ts), where an admin keeps access with the menu off; else 403.
 *   With a `body.*` source, 3 to 5 are decided first (before the body is read) and 1-2 after it is parsed.
 */
export type Access =
  | 'public'
  | 'session'
  | {
      readonly flag?: FlagKey | readonly FlagKey[];
      /** The 403 message of `flag` when the domain has its own ("Você não tem permissão para criar relatórios."). */
      readonly refused?: string;
      readonly admin?: true | 'full';
      /** Administrator or a holder of the flag (any of them, for a list). */
      readonly manage?: FlagKey | readonly FlagKey[];
      /** 403 (with `refused`) for a user a restrictive flag (naoVer…) applies to; never the full admin (isRestrictedBy). */
      readonly restrictedBy?: FlagKey;
      readonly municipality?: IdSource;
      /** A record whose municipality a resolver of the owning server feature finds (server/lib/endpoint.ts registerRecord). */
      readonly record?: { readonly of: string; readonly id: IdSource };
      readonly tab?: CityTabId;
    };

/** What a route reads itself past its validated schema, for the OpenAPI document only. */
export type JsonSchema = { [key: string]: unknown };
export type DocumentedHeader = { description: string; schema: JsonSchema; required?: boolean };

/** A schema of either zod flavour (the domain's error shape is zod/mini). */
export type Schema = z.core.$ZodType;

export type Responses = { readonly [status: number]: Schema };

export type EndpointSpec = {
  readonly method: HttpMethod;
  /** The spec's path under /api, Fastify syntax: `/evidencia/:id`. */
  readonly path: `/${string}`;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** `200` (or the success status) and the error shapes (errorResponses, recordErrors). */
  readonly response: Responses;
  readonly summary: string;
  /** Longer documentation of the operation, for the OpenAPI document. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  /** false for the few routes not tied to a tenant (health). */
  readonly tenant?: false;
  /** false for routes idempotent by design (resumable uploads): the Idempotency-Key header is ignored. */
  readonly idempotency?: false;
  /** Per-route rate limit (login, password e-mails): at most `max` requests per `timeWindow` ms per client. */
  readonly rateLimit?: { readonly max: number; readonly timeWindow: number };
  /** Largest JSON body in bytes, for a route whose body is larger than the app's default (a photo as a data URL). */
  readonly bodyLimit?: number;
  /** Documentation of what the route reads itself: other request bodies by content type, extra headers. */
  readonly docs?: { readonly bodies?: Record<string, JsonSchema>; readonly headers?: Record<string, DocumentedHeader> };
};

/** Declares an endpoint: the spec, typed as written and frozen (a declaration never changes at run time). */
export function endpoint<const E extends EndpointSpec>(spec: E): Readonly<E> {
  return Object.freeze(spec);
}

/** The values of the path's `:name` segments: a number is written as its text (an id read from a record). */
export type PathParams<E extends EndpointSpec> = E['params'] extends Schema
  ? { [K in keyof z.input<E['params']>]: z.input<E['params']>[K] | (z.input<E['params']>[K] extends string ? number : never) }
  : Record<string, never>;
export type QueryOf<E extends EndpointSpec> = E['query'] extends Schema ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointSpec> = E['body'] extends Schema ? z.input<E['body']> : undefined;
/** The success answer as the client reads it (the 200, or the 201 of a creation). */
export type ResultOf<E extends EndpointSpec> = E['response'] extends { 200: infer S extends Schema }
  ? z.output<S>
  : E['response'] extends { 201: infer S extends Schema }
    ? z.output<S>
    : unknown;

type Primitive = string | number | boolean | bigint;

/**
 * The endpoint's path relative to /api without the leading slash (ky's prefixUrl rule and the
 * outbox's OutboxRequest.path): `pathOf(evidence.get, { id: 7 })` → `pergunta/perguntamunicipio/get-pergunta/7`.
 * Every `:name` must be given; each value is URI-encoded.
 */
export function pathOf(ep: Pick<EndpointSpec, 'path'>, params: Record<string, Primitive> = {}): string {
  return ep.path.slice(1).replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Parâmetro ${name} ausente em ${ep.path}.`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from plain values (undefined and null left out), with its leading `?`, or ''. */
export function queryString(query: Record<string, Primitive | null | undefined> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type EndpointRequest = { method: HttpMethod; path: string; json?: unknown };

/**
 * The request an endpoint call sends, as plain data (what the outbox stores and replays):
 * method, path relative to /api (query string included) and the JSON body.
 */
export function requestOf<M extends HttpMethod>(
  ep: { readonly method: M; readonly path: EndpointSpec['path'] },
  input: { params?: Record<string, Primitive>; query?: Record<string, Primitive | null | undefined>; body?: unknown } = {},
): EndpointRequest & { method: M } {
  // The method as declared (a literal), so an outbox kind's request keeps its write method's type.
  const request: EndpointRequest & { method: M } = { method: ep.method, path: pathOf(ep, input.params) + queryString(input.query) };
  if (input.body !== undefined) request.json = input.body;
  return request;
}

/** Whether two requests name the same endpoint: same method and a path matching its pattern. */
export function matches(ep: Pick<EndpointSpec, 'method' | 'path'>, request: { method: string; path: string }): boolean {
  if (request.method.toUpperCase() !== ep.method) return false;
  const pattern = ep.path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/?${pattern}(\\?.*)?$`).test(request.path);
}
