import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '../../../src/domain/session.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { deviceHasSignedIn, endSession, endSessions, loadSession } from '../../lib/session-repository.ts';
import * as repo from './repository.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { publicBase } from '../../lib/public-url.ts';
import { passwordLinkMail } from './mail.ts';

const MAX_FAILURES_PER_LOGIN = 5;
const MAX_FAILURES_PER_ADDRESS = 30;
/** Wrong passwords a device that signed in before may send while its account is locked. */
const MAX_FAILURES_PER_DEVICE = 5;
/** Password links one user can be e-mailed per window, whatever the addresses asking. */
const MAX_LINKS_PER_USER = 3;

/**
 * Requests per client address (all answers counted, in the database: every instance shares them).
 * The login's wider limit is for offices behind one address; wrong passwords have their own limits.
 */
const LOGIN_RATE_LIMIT = { max: 100, timeWindow: 15 * 60_000 };
const MAIL_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/** HttpOnly cookie naming this browser, so the lockout can tell the owner's device from others. */
const DEVICE_COOKIE = 'ce_dispositivo';
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;
const RECOVERY_TTL_MINUTES = 60;
const FIRST_ACCESS_TTL_MINUTES = 72 * 60;

/** Also the answer to an account that has no password yet: its owner finds the way, an outsider learns nothing. */
const WRONG_CREDENTIALS = 'E-mail/CPF ou senha inválidos. Se você ainda não criou sua senha, use "Primeiro acesso".';
const LINK_SENT =
  'Se houver uma conta com esses dados, enviamos um e-mail com o link para criar uma nova senha. Verifique também a caixa de spam.';
const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo link.';

// Verifying against a real hash when the user does not exist keeps both answers equally slow.
const dummyHash = hashPassword('senha-que-nao-existe');

const errors = errorResponses(400, 401, 403, 429);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function deviceCookie(request: FastifyRequest): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]{20,100})(?:;|$)`).exec(request.headers.cookie ?? '');
  return match?.[1];
}

/** The device's id: the cookie it sent, or a new one set on this answer. */
function ensureDeviceCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = deviceCookie(request);
  if (existing) return existing;
  const value = randomBytes(24).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Path=/api/usuario; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Strict${secure}`,
  );
  return value;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function sendPasswordLink(request: FastifyRequest, login: string, requested: repo.PasswordTokenKind) {
    const user = await repo.findUserByLogin(db, request.tenant.id, login);
    if (!user || !user.habilitado) {
      request.log.info({ requested }, 'password link requested for an unknown or disabled login');
      return;
    }
    // Same answer as any other, so the cap tells nobody the account exists.
    if ((await repo.countRecentPasswordTokens(db, request.tenant.id, user.usuarioId)) >= MAX_LINKS_PER_USER) {
      request.log.info({ requested, usuarioId: user.usuarioId }, 'password link not sent: too many recent links');
      return;
    }
    // A user who already has a password gets a recovery link even from the first-access screen.
    const kind: repo.PasswordTokenKind = user.senhaHash ? 'recuperar-senha' : 'primeiro-acesso';
    const ttl = kind === 'primeiro-acesso' ? FIRST_ACCESS_TTL_MINUTES : RECOVERY_TTL_MINUTES;
    const token = await repo.createPasswordToken(db, request.tenant.id, user.usuarioId, kind, ttl);
    const link = `${publicBase(request, app.config.publicUrl)}/auth/recover-password/${token}`;
    await app.mailer.send({ to: user.email, ...passwordLinkMail(user, link, kind === 'primeiro-acesso') });
  }

  app.post(
    '/usuario/login',
    {
      config: { public: true, rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['usuario'],
        summary: 'Entrar com e-mail ou CPF e senha',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { login, senha } = request.body;
      const user = await repo.findUserByLogin(db, tenantId, login);
      const loginKey = repo.failureKeyOf(login, user);
      const addressKey = `ip:${request.ip}`;
      const reserved = await repo.reserveAttempts(db, tenantId, [loginKey, addressKey]);
      const [byLogin, byAddress] = await Promise.all([
        repo.countRecentFailures(db, tenantId, loginKey),
        repo.countRecentFailures(db, tenantId, addressKey),
      ]);
      // A refused attempt keeps its reserved rows: when many arrive at once, every one may count the
      // others' rows and be refused before any password is tried, so if refusals took their rows away
      // the burst would leave no failure behind and the lock would vanish with it.
      const refuse = () =>
        tooManyRequests(`Muitas tentativas sem sucesso. Aguarde ${repo.FAILURE_WINDOW_MINUTES} minutos e tente novamente.`);
      if (byAddress > MAX_FAILURES_PER_ADDRESS) throw refuse();
      // A locked account still counts every attempt, but the owner's own device (one that has signed
      // in to it before) gets its own small allowance, so strangers cannot lock the owner out.
      let viaDevice = false;
      if (byLogin > MAX_FAILURES_PER_LOGIN) {
        const device = deviceCookie(request);
        if (!user || !device || !(await deviceHasSignedIn(db, tenantId, user.usuarioId, sha256(device)))) throw refuse();
        const deviceKey = `dispositivo:${sha256(device)}`;
        reserved.push(...(await repo.reserveAttempts(db, tenantId, [deviceKey])));
        if ((await repo.countRecentFailures(db, tenantId, deviceKey)) > MAX_FAILURES_PER_DEVICE) throw refuse();
        viaDevice = true;
      }
      // An unknown login and an account without a password (first access pending) get the same answer,
      // as slowly, as a wrong password: none of them tells an outsider whether the account exists.
      const ok = user?.senhaHash ? await verifyPassword(user.senhaHash, senha) : (await verifyPassword(await dummyHash, senha), false);
      // The reserved attempts stay: they are the failures.
      if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
      await repo.deleteAttempts(db, tenantId, reserved);
      if (!user.habilitado) throw forbidden('Usuário desabilitado. Procure o administrador do sistema.');
      // Through the device allowance the others' failures keep counting: the lock holds for them.
      if (!viaDevice) await repo.clearFailures(db, tenantId, loginKey);
      const session = await loadSession(db, tenantId, user.usuarioId);
      if (!session) throw unauthorized(WRONG_CREDENTIALS);
      const device = ensureDeviceCookie(request, reply);
      const token = await app.issueToken(tenantId, user.usuarioId, { dispositivoHash: sha256(device) });
      request.log.info({ usuarioId: user.usuarioId }, 'login');
      return { ...session, ...token };
    },
  );

  app.post(
    '/usuario/logout',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Sair: encerra a sessão deste token',
        response: { 200: messageSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await endSession(db, request.tenant.id, request.sessionId);
      return { message: 'Sessão encerrada.' };
    },
  );

  app.get(
    '/usuario/sessao',
    { schema: { tags: ['usuario'], summary: 'Sessão do usuário autenticado', response: { 200: sessionSchema, ...errorResponses(401) } } },
    async (request) => request.session,
  );

  app.post(
    '/usuario/recuperar-senha',
    {
      config: { public: true, rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags: ['usuario'],
        summary: 'Envia por e-mail um link para redefinir a senha',
        body: requestPasswordLinkSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await sendPasswordLink(request, request.body.login, 'recuperar-senha');
      return { message: LINK_SENT };
    },
  );

  app.post(
    '/usuario/primeiro-acesso',
    {
      config: { public: true, rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags: ['usuario'],
        summary: 'Envia por e-mail um link para criar a senha no primeiro acesso',
        body: requestPasswordLinkSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await sendPasswordLink(request, request.body.login, 'primeiro-acesso');
      return { message: LINK_SENT };
    },
  );

  app.post(
    '/usuario/verifica-token-valido',
    {
      config: { public: true },
      schema: {
        tags: ['usuario'],
        summary: 'Verifica se um link de senha ainda é válido',
        querystring: z.object({ token: z.string().trim().min(1, INVALID_LINK) }),
        response: { 200: tokenCheckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const row = await repo.findValidToken(db, request.tenant.id, request.query.token);
      if (!row) throw badRequest(INVALID_LINK);
      return { valido: true as const, nome: row.nome, email: row.email };
    },
  );

  app.post(
    '/usuario/trocar-senha',
    {
      config: { public: true },
      schema: {
        tags: ['usuario'],
        summary: 'Cria ou redefine a senha com o link recebido por e-mail',
        body: changePasswordWithTokenSchema,
        response: { 200: messageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const row = await repo.findValidToken(db, tenantId, request.body.token);
      if (!row) throw badRequest(INVALID_LINK);
      const done = await repo.setPasswordWithToken(db, tenantId, row.id, row.usuarioId, await hashPassword(request.body.senha));
      if (!done) throw badRequest(INVALID_LINK);
      return { message: 'Senha alterada com sucesso.' };
    },
  );

  app.post(
    '/usuario/atualizar-senha',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Altera a própria senha',
        body: updateOwnPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { usuarioId } = request.session.usuario;
      const current = await repo.getPasswordHash(db, request.tenant.id, usuarioId);
      if (!(await verifyPassword(current, request.body.senhaAtual))) throw badRequest('A senha atual está incorreta.');
      await repo.updatePasswordHash(db, request.tenant.id, usuarioId, await hashPassword(request.body.senha));
      // Every other device signs in again with the new password; this one stays.
      await endSessions(db, request.tenant.id, usuarioId, request.sessionId);
      return { message: 'Senha alterada com sucesso.' };
    },
  );
};
