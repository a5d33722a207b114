import { errorCodes, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../src/domain/uploads.ts';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL refuses
 * NUL in text (error 22021, a 500 before this guard); the others have no place in a form field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Longest text accepted in a path parameter, a query parameter or a header this server reads. */
export const MAX_SHORT_TEXT = 2_000;
/** Deeper than any body of this API: walking a hostile nesting stops here. */
const MAX_DEPTH = 64;
/** Largest multipart form: the files' total cap plus room for the fields and part headers. */
export const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 2 * 1024 * 1024;

export const INPUT_MESSAGES = {
  caractereDeControle: (campo: string) => `O campo ${campo} contém um caractere de controle não permitido.`,
  textoLongo: (campo: string) => `O campo ${campo} é maior que o permitido.`,
  aninhamento: 'O corpo da requisição tem níveis demais.',
  enderecoLongo: 'O endereço pedido tem um trecho maior que o permitido.',
  enderecoInvalido: 'O endereço pedido é inválido.',
};

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * parameter over maxParamLength, 100 characters; a malformed %-escape), answered in pt-BR in the
 * API's error shape. Fastify's own answer is in English and repeats the whole address.
 */
export function routerErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: INPUT_MESSAGES.enderecoLongo });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: INPUT_MESSAGES.enderecoInvalido });
  reply.log.error({ err: error }, 'router error');
  return reply.status(500).send({ message: `Erro interno do servidor. Código do erro: ${reply.request.id}` });
}

/** Throws a 400 naming the first string of `value` with a control character (or, when `maxLength` is given, too long). */
export function assertCleanText(value: unknown, where: string, maxLength?: number, depth = 0): void {
  if (typeof value === 'string') {
    if (CONTROL.test(value)) throw badRequest(INPUT_MESSAGES.caractereDeControle(where));
    if (maxLength !== undefined && value.length > maxLength) throw badRequest(INPUT_MESSAGES.textoLongo(where));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw badRequest(INPUT_MESSAGES.aninhamento);
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertCleanText(item, `${where}.${i}`, maxLength, depth + 1));
    return;
  }
  // A parsed body or query is plain data; a stream (multipart, octet-stream) is read by its route.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return;
  for (const [key, item] of Object.entries(value)) {
    assertCleanText(key, where, maxLength, depth + 1);
    assertCleanText(item, `${where}.${key}`, maxLength, depth + 1);
  }
}

/**
 * One place refuses text no route can store (issue 13): control characters anywhere in the path
 * parameters, query, headers and JSON body, and overlong path parameters, queries and headers, with
 * a 400 in pt-BR before any handler (or the idempotency claim) runs. Routes that read a body
 * themselves (multipart forms) call assertCleanText on what they read. Field lengths are bounded by
 * the schemas.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A multipart form is streamed by its route, past Fastify's bodyLimit: a declared length over the
    // cap is refused before a byte is read, and the connection closed rather than drained.
    // (JSON bodies: Fastify refuses a declared length over bodyLimit itself; chunks: the upload route.)
    app.addHook('onRequest', async (request, reply) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) {
        reply.header('connection', 'close');
        throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      }
    });
    app.addHook('preValidation', async (request) => {
      // Spread: the router's params object does not have a plain prototype.
      assertCleanText({ ...(request.params as object) }, 'params', MAX_SHORT_TEXT);
      assertCleanText({ ...(request.query as object) }, 'querystring', MAX_SHORT_TEXT);
      for (const name of ['database', 'branch', 'variante', 'idempotency-key']) {
        assertCleanText(request.headers[name], name, MAX_SHORT_TEXT);
      }
      assertCleanText(request.body, 'body');
    });
  },
  { name: 'input-guard' },
);
