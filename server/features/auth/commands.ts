import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_PASSWORD_LINK } from '../../../src/contract/auth.ts';
import type { z } from 'zod';
import type {
  changePasswordWithTokenSchema,
  LoginRequest,
  LoginResponse,
  updateOwnPasswordSchema,
} from '../../../src/domain/session.ts';
import { withCommand } from '../../lib/command.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { publicBase } from '../../lib/public-url.ts';
import { deviceHasSignedIn, endSessions, loadSession } from '../../lib/session-repository.ts';
import { passwordLinkMail } from './mail.ts';
import * as repo from './repository.ts';

const MAX_FAILURES_PER_LOGIN = 5;
const MAX_FAILURES_PER_ADDRESS = 30;
/** Wrong passwords a device that signed in before may send while its account is locked. */
const MAX_FAILURES_PER_DEVICE = 5;
/** Password links one user can be e-mailed per window, whatever the addresses asking. */
const MAX_LINKS_PER_USER = 3;

/** HttpOnly cookie naming this browser, so the lockout can tell the owner's device from others. */
const DEVICE_COOKIE = 'ce_dispositivo';
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;
const RECOVERY_TTL_MINUTES = 60;
const FIRST_ACCESS_TTL_MINUTES = 72 * 60;

/** Also the answer to an account that has no password yet: its owner finds the way, an outsider learns nothing. */
const WRONG_CREDENTIALS = 'E-mail/CPF ou senha inválidos. Se você ainda não criou sua senha, use "Primeiro acesso".';
export const LINK_SENT =
  'Se houver uma conta com esses dados, enviamos um e-mail com o link para criar uma nova senha. Verifique também a caixa de spam.';
export const PASSWORD_CHANGED = 'Senha alterada com sucesso.';

// Verifying against a real hash when the user does not exist keeps both answers equally slow.
const dummyHash = hashPassword('senha-que-nao-existe');

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

/**
 * Signs in with a password. Not one transaction (withCommand): the attempts reserved before the
 * password is checked are the failures, so a refusal must leave them committed behind it.
 */
export async function login(request: FastifyRequest, reply: FastifyReply, { login, senha }: LoginRequest): Promise<LoginResponse> {
  const { db } = request.server;
  const tenantId = request.tenant.id;
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
  const token = await request.server.issueToken(tenantId, user.usuarioId, { dispositivoHash: sha256(device) });
  request.log.info({ usuarioId: user.usuarioId }, 'login');
  return { ...session, ...token };
}

/**
 * E-mails a recovery or first-access link, or nothing, always with the same answer (LINK_SENT).
 * Not one transaction: the mail is sent after the token is stored, and a token whose mail failed
 * is harmless (it expires unused).
 */
export async function sendPasswordLink(request: FastifyRequest, login: string, requested: repo.PasswordTokenKind): Promise<void> {
  const { db, config, mailer } = request.server;
  const tenantId = request.tenant.id;
  const user = await repo.findUserByLogin(db, tenantId, login);
  if (!user || !user.habilitado) {
    request.log.info({ requested }, 'password link requested for an unknown or disabled login');
    return;
  }
  // Same answer as any other, so the cap tells nobody the account exists.
  if ((await repo.countRecentPasswordTokens(db, tenantId, user.usuarioId)) >= MAX_LINKS_PER_USER) {
    request.log.info({ requested, usuarioId: user.usuarioId }, 'password link not sent: too many recent links');
    return;
  }
  // A user who already has a password gets a recovery link even from the first-access screen.
  const kind: repo.PasswordTokenKind = user.senhaHash ? 'recuperar-senha' : 'primeiro-acesso';
  const ttl = kind === 'primeiro-acesso' ? FIRST_ACCESS_TTL_MINUTES : RECOVERY_TTL_MINUTES;
  const token = await repo.createPasswordToken(db, tenantId, user.usuarioId, kind, ttl);
  const link = `${publicBase(request, config.publicUrl)}/auth/recover-password/${token}`;
  await mailer.send({ to: user.email, ...passwordLinkMail(user, link, kind === 'primeiro-acesso') });
}

/** Who a valid password link names; 400 for one missing, expired or used. */
export async function checkPasswordLink(request: FastifyRequest, token: string) {
  const row = await repo.findValidToken(request.server.db, request.tenant.id, token);
  if (!row) throw badRequest(INVALID_PASSWORD_LINK);
  return { valido: true as const, nome: row.nome, email: row.email };
}

/** Sets the password with a link: the token spent, the password set and every session ended, in one transaction. */
export async function changePasswordWithToken(request: FastifyRequest, input: z.output<typeof changePasswordWithTokenSchema>) {
  const tenantId = request.tenant.id;
  const row = await repo.findValidToken(request.server.db, tenantId, input.token);
  if (!row) throw badRequest(INVALID_PASSWORD_LINK);
  const senhaHash = await hashPassword(input.senha);
  return withCommand(request, async (tx) => {
    // A link works exactly once: a second use racing the first finds it spent.
    if (!(await repo.spendPasswordToken(tx, tenantId, row.id))) throw badRequest(INVALID_PASSWORD_LINK);
    await repo.updatePasswordHash(tx, tenantId, row.usuarioId, senhaHash);
    // Whoever held the old password is signed out everywhere.
    await endSessions(tx, tenantId, row.usuarioId);
    return { message: PASSWORD_CHANGED };
  });
}

/** Changes the signed-in user's own password; every other device signs in again, this one stays. */
export async function changeOwnPassword(request: FastifyRequest, input: z.output<typeof updateOwnPasswordSchema>) {
  const tenantId = request.tenant.id;
  const { usuarioId } = request.session.usuario;
  const current = await repo.getPasswordHash(request.server.db, tenantId, usuarioId);
  if (!(await verifyPassword(current, input.senhaAtual))) throw badRequest('A senha atual está incorreta.');
  const senhaHash = await hashPassword(input.senha);
  return withCommand(request, async (tx) => {
    await repo.updatePasswordHash(tx, tenantId, usuarioId, senhaHash);
    await endSessions(tx, tenantId, usuarioId, request.sessionId);
    return { message: PASSWORD_CHANGED };
  });
}
