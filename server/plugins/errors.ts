import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgCode } from '../lib/errors.ts';

type Issue = { path: string; message: string };

// PostgreSQL error codes that mean the client sent something the data cannot take.
const pgClientErrors: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'Registro já cadastrado.' },
  '23503': { status: 400, message: 'Referência a um registro inexistente.' },
  '22P02': { status: 400, message: 'Valor em formato inválido.' },
  '22001': { status: 400, message: 'Texto maior que o permitido.' },
  '22003': { status: 400, message: 'Número fora do intervalo permitido.' },
  '22007': { status: 400, message: 'Data inválida.' },
  '22008': { status: 400, message: 'Data fora do intervalo permitido.' },
};

// Fastify's own client errors, in the user's language.
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é maior que o permitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do corpo da requisição inválido.',
  FST_ERR_RATE_LIMIT: 'Muitas requisições. Aguarde um momento e tente novamente.',
};

/**
 * One error shape for the whole API: `{ message, issues? }` with a pt-BR message.
 * Bad input is always a 4xx; a 500 is logged with the request id and never leaks a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: [
          error.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message ?? 'Valor inválido',
      }));
      // Joined into sentences: a message that already ends with a full stop gets no second one ("..").
      const messages = [...new Set(issues.map((i) => i.message))];
      const message = messages.map((m, i) => (i < messages.length - 1 ? m.replace(/\.+$/, '') : m)).join('. ');
      return reply.status(400).send({ message, issues });
    }
    if (error instanceof AppError) return reply.status(error.statusCode).send({ message: error.message });
    const code = pgCode(error);
    if (code && pgClientErrors[code]) {
      const known = pgClientErrors[code];
      request.log.info({ pgCode: code }, 'database rejected client input');
      return reply.status(known.status).send({ message: known.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ message: fastifyClientErrors[error.code] ?? 'Requisição inválida.' });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ message: `Erro interno do servidor. Código do erro: ${request.id}` });
  });
});
