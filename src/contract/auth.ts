import { z } from 'zod';
import {
  changePasswordWithTokenSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  requestPasswordLinkSchema,
  sessionSchema,
  tokenCheckResponseSchema,
  updateOwnPasswordSchema,
} from '../domain/session.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './schemas.ts';

const tags = ['usuario'];

/** The message of a password link that is missing, expired or already used (also the token query's 400). */
export const INVALID_PASSWORD_LINK = 'Link inválido ou expirado. Solicite um novo link.';

/**
 * Requests per client address (all answers counted, in the database: every instance shares them).
 * The login's wider limit is for offices behind one address; wrong passwords have their own limits
 * (server/features/auth/commands.ts). The SSO login (amei.ts) shares the login's budget.
 */
export const LOGIN_RATE_LIMIT = { max: 100, timeWindow: 15 * 60_000 } as const;
const MAIL_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

/** Sign-in, sign-out, the session and the password links (spec §7 api/usuario). */
export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/usuario/login',
    summary: 'Entrar com e-mail ou CPF e senha',
    tags,
    access: 'public',
    rateLimit: LOGIN_RATE_LIMIT,
    body: loginRequestSchema,
    response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/usuario/logout',
    summary: 'Sair: encerra a sessão deste token',
    tags,
    access: 'session',
    response: { 200: messageSchema, ...errorResponses(401) },
  }),
  session: endpoint({
    method: 'GET',
    path: '/usuario/sessao',
    summary: 'Sessão do usuário autenticado',
    tags,
    access: 'session',
    response: { 200: sessionSchema, ...errorResponses(401) },
  }),
  requestRecovery: endpoint({
    method: 'POST',
    path: '/usuario/recuperar-senha',
    summary: 'Envia por e-mail um link para redefinir a senha',
    tags,
    access: 'public',
    rateLimit: MAIL_RATE_LIMIT,
    body: requestPasswordLinkSchema,
    response: { 200: messageSchema, ...errorResponses(400, 429) },
  }),
  requestFirstAccess: endpoint({
    method: 'POST',
    path: '/usuario/primeiro-acesso',
    summary: 'Envia por e-mail um link para criar a senha no primeiro acesso',
    tags,
    access: 'public',
    rateLimit: MAIL_RATE_LIMIT,
    body: requestPasswordLinkSchema,
    response: { 200: messageSchema, ...errorResponses(400, 429) },
  }),
  checkToken: endpoint({
    method: 'POST',
    path: '/usuario/verifica-token-valido',
    summary: 'Verifica se um link de senha ainda é válido',
    tags,
    access: 'public',
    query: z.object({ token: z.string().trim().min(1, INVALID_PASSWORD_LINK) }),
    response: { 200: tokenCheckResponseSchema, ...errorResponses(400) },
  }),
  changePasswordWithToken: endpoint({
    method: 'POST',
    path: '/usuario/trocar-senha',
    summary: 'Cria ou redefine a senha com o link recebido por e-mail',
    tags,
    access: 'public',
    body: changePasswordWithTokenSchema,
    response: { 200: messageSchema, ...errorResponses(400) },
  }),
  changeOwnPassword: endpoint({
    method: 'POST',
    path: '/usuario/atualizar-senha',
    summary: 'Altera a própria senha',
    tags,
    access: 'session',
    body: updateOwnPasswordSchema,
    response: { 200: messageSchema, ...errorResponses(400, 401) },
  }),
};
