import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/domain/uploads.ts';
import type { DocumentedHeader, JsonSchema } from '../../src/contract/endpoint.ts';
import { FILE_CONTENT_TYPES } from '../../src/contract/endpoint.ts';
import { takesIdempotencyKey } from '../lib/idempotency.ts';

/** A JSON schema (OpenAPI 3.0 subset) as the document holds it; declared with the endpoints (src/contract). */
export type { DocumentedHeader, JsonSchema };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Documentation only: what the route reads itself, past its validated schema. `bodies` are
     * request bodies by content type besides the JSON one (a multipart form, raw bytes); `headers`
     * are headers besides the ones every route of its kind takes (database, branch, Idempotency-Key).
     */
    openapi?: { bodies?: Record<string, JsonSchema>; headers?: Record<string, DocumentedHeader> };
  }
}

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  [key: string]: unknown;
};
type Document = { paths: Record<string, Record<string, Operation>>; [key: string]: unknown };

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * A stable, readable and unique id per operation, from its method and path:
 * `GET /api/relatorio/get-by-id/{id}` → `getRelatorioGetByIdById`. Method and path are unique per
 * operation, and the words keep every segment, so two operations only collide if their paths differ
 * by case or punctuation alone (checked when the document is built).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * OpenAPI 3.0 wants `type` beside `nullable`; zod writes a nullable union as
 * `{ nullable: true, anyOf: [...] }`. Moving `nullable` into each typed branch says the same thing.
 */
function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (schema.nullable === true && schema.type === undefined && branches?.every((b) => b.type !== undefined)) {
    delete schema.nullable;
    for (const branch of branches) branch.nullable = true;
  }
  for (const value of Object.values(schema)) fixNullableUnions(value);
}

/**
 * A file response (src/contract/schemas.ts `fileResponse`) as OpenAPI describes one: the bytes under each of
 * its content types, not a JSON body.
 */
function fileResponses(responses: unknown): void {
  if (!responses || typeof responses !== 'object') return;
  for (const [status, schema] of Object.entries(responses as Record<string, JsonSchema>)) {
    const types = schema?.[FILE_CONTENT_TYPES];
    if (!Array.isArray(types)) continue;
    (responses as Record<string, JsonSchema>)[status] = {
      description: schema.description,
      content: Object.fromEntries(types.map((type: string) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
}

/** The headers a route takes, as a JSON schema object (the form @fastify/swagger reads `schema.headers` in). */
function headersOf(route: RouteOptions): JsonSchema | undefined {
  const config = route.config;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (config?.tenant !== false) {
    properties.database = {
      type: 'string',
      description: 'Base de dados (tenant): um programa num estado, por exemplo "sc".',
      example: 'sc',
    };
    required.push('database');
    properties.branch = {
      type: 'string',
      description: 'Ambiente enviado pelo aplicativo (fixo em "hlg"); o servidor não o usa.',
      example: 'hlg',
    };
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => takesIdempotencyKey(method, config))) {
    properties[IDEMPOTENCY_HEADER] = {
      type: 'string',
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description:
        'Chave de uma operação que pode ser reenviada: a repetição com a mesma chave e o mesmo corpo recebe a primeira resposta, sem repetir a gravação; com outro corpo, 409.',
    };
  }
  for (const [name, header] of Object.entries(config?.openapi?.headers ?? {})) {
    properties[name] = { ...header.schema, description: header.description };
    if (header.required) required.push(name);
  }
  if (Object.keys(properties).length === 0) return undefined;
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * The OpenAPI document at /api/docs (JSON at /api/docs/json), built from the route schemas. Besides
 * what the schemas say, each operation gets the headers it takes (database, branch, Idempotency-Key,
 * the route's own), its other request bodies (route config `openapi`), `security: []` when public
 * (route config `public`) and an operationId. Registered before the routes, so it sees them all.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Cidade Empreendedora API',
          version: '1.0.0',
          description: 'API REST do back-office. Toda chamada autenticada leva Authorization: Bearer e o cabeçalho database (tenant).',
        },
        // Relative: the document describes the server that serves it, whatever its address.
        servers: [{ url: '/', description: 'Este servidor' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform(input) {
        const { schema, url } = jsonSchemaTransform(input);
        const route = input.route;
        if (!schema || (schema as JsonSchema).hide) return { schema, url };
        const out: JsonSchema = { ...schema };
        if (out.response) {
          out.response = { ...(out.response as JsonSchema) };
          fileResponses(out.response);
        }
        if (route.config?.public) out.security = [];
        const headers = headersOf(route);
        if (headers) out.headers = headers;
        const bodies = route.config?.openapi?.bodies;
        if (bodies) {
          const json = out.body as JsonSchema | undefined;
          const content = Object.fromEntries(Object.entries(bodies).map(([type, body]) => [type, { schema: body }]));
          out.body = { content: json ? { 'application/json': { schema: json }, ...content } : content };
        }
        return { schema: out, url };
      },
      transformObject(documentObject) {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const { openapiObject } = documentObject;
        const document = openapiObject as unknown as Document;
        const seen = new Map<string, string>();
        for (const [path, operations] of Object.entries(document.paths ?? {})) {
          for (const [method, operation] of Object.entries(operations)) {
            if (!HTTP_METHODS.has(method)) continue;
            const id = operationIdOf(method, path);
            const other = seen.get(id);
            if (other) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} and ${other} have the same operationId ${id}`);
            seen.set(id, `${method.toUpperCase()} ${path}`);
            operation.operationId = id;
          }
        }
        fixNullableUnions(document.paths);
        fixNullableUnions(document.components);
        return openapiObject;
      },
    });
    // The UI's own policy asks browsers to upgrade to https, which leaves the embedded default's
    // plain-http docs page without its scripts: like the app's policy (server/app.ts), only an https
    // PUBLIC_URL keeps that directive.
    const https = app.config.publicUrl?.startsWith('https://') ?? false;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => (https ? header : header.replace(/\s*upgrade-insecure-requests;?/g, '').trim()),
    });
  },
  { name: 'openapi' },
);
