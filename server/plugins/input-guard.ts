import { errorCodes, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanText, INPUT_MESSAGES, MAX_FORM_BYTES, MAX_SHORT_TEXT } from '../lib/clean-text.ts';

/** Kept here for the callers that named the plugin; the rules are server/lib/clean-text.ts. */
export { assertCleanText, INPUT_MESSAGES, MAX_FORM_BYTES, MAX_SHORT_TEXT };

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
