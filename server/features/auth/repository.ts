import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { onlyDigits } from '../../../src/domain/cpf.ts';
import type { Db } from '../../db/client.ts';
import { loginFalha, tokenSenha, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

export type PasswordTokenKind = 'recuperar-senha' | 'primeiro-acesso';

export const FAILURE_WINDOW_MINUTES = 15;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A login identifier as accounts are looked up by: CPF digits, or the e-mail in lower case. */
function canonicalLogin(login: string): { byCpf: boolean; value: string } {
  const trimmed = login.trim();
  const byCpf = !trimmed.includes('@') && onlyDigits(trimmed).length === 11;
  return { byCpf, value: byCpf ? onlyDigits(trimmed) : trimmed.toLowerCase() };
}

/** Login is an e-mail or a CPF (with or without its mask). */
export async function findUserByLogin(db: Db, tenantId: string, login: string) {
  const { byCpf, value } = canonicalLogin(login);
  const condition = byCpf ? eq(usuario.cpf, value) : eq(sql`lower(${usuario.email})`, value);
  const [row] = await db
    .select()
    .from(usuario)
    .where(scoped(usuario, tenantId, condition));
  return row ?? null;
}

/**
 * The key a login's wrong passwords count under: the account, so its e-mail and its CPF share one
 * allowance; an identifier of no account counts under itself, in the form accounts are looked up by.
 */
export function failureKeyOf(login: string, user: { usuarioId: number } | null): string {
  return user ? `conta:${user.usuarioId}` : `login:${canonicalLogin(login).value}`;
}

export async function countRecentFailures(db: Db, tenantId: string, key: string): Promise<number> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFalha)
    .where(scoped(loginFalha, tenantId, eq(loginFalha.chave, key), gt(loginFalha.criadoEm, since)));
  return row?.n ?? 0;
}

/**
 * Records an attempt under each key BEFORE the password is checked, and returns the rows' ids. A
 * request then counts the rows that include its own: the k-th attempt to commit sees at least k,
 * so however many arrive at once, at most the limit get to try a password (a check-then-insert
 * let them all through). An attempt that succeeds deletes its rows; a failed or refused one keeps them.
 */
export async function reserveAttempts(db: Db, tenantId: string, keys: string[]): Promise<number[]> {
  const rows = await db
    .insert(loginFalha)
    .values(keys.map((chave) => withTenant(tenantId, { chave })))
    .returning({ id: loginFalha.id });
  return rows.map((r) => r.id);
}

export async function deleteAttempts(db: Db, tenantId: string, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(loginFalha).where(scoped(loginFalha, tenantId, inArray(loginFalha.id, ids)));
}

/** Password links e-mailed to a user within the window: caps the mails one person can be sent. */
export async function countRecentPasswordTokens(db: Db, tenantId: string, usuarioId: number): Promise<number> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tokenSenha)
    .where(scoped(tokenSenha, tenantId, eq(tokenSenha.usuarioId, usuarioId), gt(tokenSenha.criadoEm, since)));
  return row?.n ?? 0;
}

export async function clearFailures(db: Db, tenantId: string, key: string) {
  await db.delete(loginFalha).where(scoped(loginFalha, tenantId, eq(loginFalha.chave, key)));
}

/** Creates a one-time token; only its hash is stored, the plain value goes into the e-mailed link. */
export async function createPasswordToken(db: Db, tenantId: string, usuarioId: number, tipo: PasswordTokenKind, ttlMinutes: number) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(tokenSenha)
    .values(withTenant(tenantId, { usuarioId, tipo, tokenHash: sha256(token), expiraEm: new Date(Date.now() + ttlMinutes * 60_000) }));
  return token;
}

export async function findValidToken(db: Db, tenantId: string, token: string) {
  const [row] = await db
    .select({ id: tokenSenha.id, usuarioId: tokenSenha.usuarioId, nome: usuario.nome, email: usuario.email })
    .from(tokenSenha)
    .innerJoin(usuario, eq(usuario.usuarioId, tokenSenha.usuarioId))
    .where(
      scoped(
        tokenSenha,
        tenantId,
        eq(tokenSenha.tokenHash, sha256(token)),
        isNull(tokenSenha.usadoEm),
        gt(tokenSenha.expiraEm, new Date()),
        eq(usuario.habilitado, true),
      ),
    );
  return row ?? null;
}

/** Marks a password token used; false when it already was (a link works exactly once). */
export async function spendPasswordToken(db: Conn, tenantId: string, tokenId: number): Promise<boolean> {
  const spent = await db
    .update(tokenSenha)
    .set({ usadoEm: new Date() })
    .where(and(eq(tokenSenha.id, tokenId), eq(tokenSenha.tenantId, tenantId), isNull(tokenSenha.usadoEm)))
    .returning({ id: tokenSenha.id });
  return spent.length > 0;
}

export async function updatePasswordHash(db: Conn, tenantId: string, usuarioId: number, senhaHash: string) {
  await db
    .update(usuario)
    .set({ senhaHash })
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
}

export async function getPasswordHash(db: Db, tenantId: string, usuarioId: number) {
  const [row] = await db
    .select({ senhaHash: usuario.senhaHash })
    .from(usuario)
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
  return row?.senhaHash ?? null;
}
