import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Access, EndpointSpec, IdSource, Schema } from '../../src/contract/endpoint.ts';
import type { MunicipalityDetail } from '../../src/domain/municipality.ts';
import type { Session } from '../../src/domain/session.ts';
import { checkPlace, checkRole, idAt, type Records, type Resolved } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was mounted from (route() below): the command layer reads its success schema. */
    endpoint?: EndpointSpec;
  }
}

type Out<S> = S extends Schema ? z.output<S> : undefined;
type Rules<E extends EndpointSpec> = Exclude<E['access'], 'public' | 'session'>;

/** The municipality access resolved: present whenever the endpoint declares a municipality or a record. */
type MunicipalityOf<E extends EndpointSpec> =
  Rules<E> extends { municipality: IdSource } | { record: object } ? MunicipalityDetail : undefined;
type RecordOf<E extends EndpointSpec> =
  Rules<E> extends { record: { of: infer K } } ? (K extends keyof Records ? Records[K] : never) : undefined;
type SuccessOf<E extends EndpointSpec> = E['response'] extends { 200: infer S extends Schema } ? z.input<S> | z.output<S> : unknown;

/** What a handler receives: the validated input, the session and what access resolved (never re-checked). */
export type HandlerInput<E extends EndpointSpec> = {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user's session (an empty object on a public endpoint). */
  session: Session;
  tenantId: string;
  municipality: MunicipalityOf<E>;
  record: RecordOf<E>;
};

/** A handler answers its success value, or the reply it sent itself (a file, a 503). */
export type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<SuccessOf<E> | FastifyReply>;

const resolved = new WeakMap<FastifyRequest, Resolved>();

/** The source access reads the place (municipality or record id) from, if the endpoint declares one. */
function placeSource(access: Access): IdSource | undefined {
  if (typeof access === 'string') return undefined;
  return access.record?.id ?? access.municipality;
}

/**
 * The access hooks of one endpoint (src/contract/endpoint.ts Access for the rules and their order).
 * Everything is decided in onRequest, after the tenant and auth plugins (root hooks run first) and
 * before a byte of the body is read, except a place read from the body: the role rules still run in
 * onRequest, the place in preValidation on the parsed body, before zod ever sees it. A place id
 * that does not read as an id before validation is decided after it (preHandler) on the validated
 * value, so a malformed one still gets its pt-BR 400 and a handler never runs ungated.
 */
function accessHooks(access: Access): Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'> {
  if (access === 'public' || access === 'session') return {};
  const source = placeSource(access);
  if (access.tab && !source) throw new Error('access.tab precisa de access.municipality ou access.record.');
  const place = async (request: FastifyRequest, id: number | undefined) => {
    resolved.set(request, await checkPlace(request.server.db, request.session, request.tenant.id, access, id));
  };
  const onRequest: onRequestHookHandler = async (request) => {
    const fromBody = source?.startsWith('body.');
    // Place first (its 404 hides the municipality's existence before any 403), unless it waits for the body.
    if (source && !fromBody) {
      const id = idAt(request, source);
      if (id !== undefined) await place(request, id);
    }
    checkRole(request.session, access);
  };
  if (!source) return { onRequest };
  return {
    onRequest,
    preValidation: async (request) => {
      if (resolved.has(request) || !source.startsWith('body.')) return;
      const id = idAt(request, source);
      if (id !== undefined) await place(request, id);
    },
    preHandler: async (request) => {
      if (!resolved.has(request)) await place(request, idAt(request, source));
    },
  };
}

/** Route config keys the plugins read, from the declaration (undefined ones left out). */
function configOf(ep: EndpointSpec): RouteOptions['config'] {
  const config: Record<string, unknown> = { endpoint: ep };
  if (ep.access === 'public') config.public = true;
  if (ep.tenant === false) config.tenant = false;
  if (ep.idempotency === false) config.idempotency = false;
  if (ep.rateLimit) config.rateLimit = { ...ep.rateLimit };
  if (ep.docs) config.openapi = ep.docs;
  return config;
}

/**
 * Mounts the Fastify route of an endpoint declaration: its schema (validated and serialised by
 * fastify-type-provider-zod, documented by the swagger plugin), the config flags the plugins read
 * and the declared access, enforced before the body is validated. `app` is the feature's plugin
 * instance, so its own hooks (a multipart reader) still apply.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, ep: E, handler: Handler<E>): void {
  const schema: Record<string, unknown> = { tags: [...ep.tags], summary: ep.summary, response: ep.response };
  if (ep.description) schema.description = ep.description;
  if (ep.params) schema.params = ep.params;
  if (ep.query) schema.querystring = ep.query;
  if (ep.body) schema.body = ep.body;
  app.route({
    method: ep.method,
    url: ep.path,
    schema,
    config: configOf(ep),
    ...(ep.bodyLimit === undefined ? {} : { bodyLimit: ep.bodyLimit }),
    ...accessHooks(ep.access),
    handler: async (request, reply) => {
      const found = resolved.get(request) ?? {};
      return handler({
        request,
        reply,
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        session: request.session,
        tenantId: request.tenant?.id,
        municipality: found.municipality as never,
        record: found.record as never,
      });
    },
  });
}
