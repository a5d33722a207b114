import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loginFalha, tenant, usuario } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { authHeaders, createTestApp, login, TEST_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Post = { url: string; payload?: object; headers?: Record<string, string>; remoteAddress?: string; app?: TestApp['app'] };
const post = ({ url, payload = {}, headers = {}, remoteAddress, app = t.app }: Post) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers: { database: 'sc', ...headers } });

const signIn = (login: string, senha: string, extra: Omit<Post, 'url' | 'payload'> = {}) =>
  post({ url: '/api/usuario/login', payload: { login, senha }, ...extra });

const session = (token: string) => t.app.inject({ method: 'GET', url: '/api/usuario/sessao', headers: authHeaders(token) });

describe('login limits', () => {
  it('evaluates at most 5 of 20 concurrent wrong passwords for one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn('especialista@demo.local', `errada-${i}`, { remoteAddress: `10.1.0.${i + 1}` })),
    );
    const evaluated = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated + refused).toBe(20);
    // Still locked for the right password from a device that never signed in.
    expect((await signIn('especialista@demo.local', TEST_PASSWORD, { remoteAddress: '10.1.1.1' })).statusCode).toBe(429);
  });

  it('keeps an account locked while refused attempts go on, even once the failures that locked it are old', async () => {
    // Six failures lock the account; attempts refused afterwards count too, so a burst in which every
    // request is refused before trying (all counted each other's reservations) still leaves the lock.
    const since = new Date();
    const [admin] = await t.db.select().from(usuario).where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'administrador@demo.local')));
    await t.db
      .insert(loginFalha)
      .values(Array.from({ length: 6 }, () => ({ tenantId: 'sc', chave: `conta:${admin!.usuarioId}`, criadoEm: since })));
    for (let i = 0; i < 6; i++) {
      expect((await signIn('administrador@demo.local', `errada-${i}`, { remoteAddress: `10.6.0.${i + 1}` })).statusCode).toBe(429);
    }
    // The six failures that locked it leave the window; the refused attempts are still in it.
    await t.db.delete(loginFalha).where(eq(loginFalha.criadoEm, since));
    expect((await signIn('administrador@demo.local', TEST_PASSWORD, { remoteAddress: '10.6.1.1' })).statusCode).toBe(429);
  });

  it('counts the wrong passwords of one account together, whether sent with its e-mail or its CPF', async () => {
    const email = `limite.${randomUUID()}@teste.local`;
    const cpf = '52998224725';
    await t.db.insert(usuario).values({ tenantId: 'sc', nome: 'Conta do Limite', email, cpf, senhaHash: await hashPassword(TEST_PASSWORD) });
    // Five guesses in all, whichever identifier names the account...
    for (let i = 0; i < 3; i++) expect((await signIn(email, `errada-${i}`, { remoteAddress: `10.7.0.${i + 1}` })).statusCode).toBe(401);
    for (let i = 3; i < 5; i++) expect((await signIn('529.982.247-25', `errada-${i}`, { remoteAddress: `10.7.0.${i + 1}` })).statusCode).toBe(401);
    // ...then the account is locked under both: the CPF does not open a second allowance.
    expect((await signIn(cpf, TEST_PASSWORD, { remoteAddress: '10.7.1.1' })).statusCode).toBe(429);
    expect((await signIn(email.toUpperCase(), TEST_PASSWORD, { remoteAddress: '10.7.1.2' })).statusCode).toBe(429);
  });

  it('does not take the client address from X-Forwarded-For when no proxy is trusted', async () => {
    const since = new Date();
    await t.db.insert(loginFalha).values(Array.from({ length: 31 }, () => ({ tenantId: 'sc', chave: 'ip:10.2.0.1', criadoEm: since })));
    const res = await signIn('analista@demo.local', TEST_PASSWORD, {
      remoteAddress: '10.2.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Muitas tentativas sem sucesso/);
  });

  it('lets the owner in from a device that signed in before while strangers stay locked out', async () => {
    const first = await signIn('sala@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.0.1' });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^ce_dispositivo=/);
    for (let i = 0; i < 6; i++) await signIn('sala@demo.local', `errada-${i}`, { remoteAddress: `10.3.1.${i + 1}` });

    expect((await signIn('sala@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.2.1' })).statusCode).toBe(429);
    const owner = await signIn('sala@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.0.2', headers: { cookie } });
    expect(owner.statusCode).toBe(200);
    // The owner's success does not unlock the account for the others.
    expect((await signIn('sala@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.2.2' })).statusCode).toBe(429);
    // A cookie from a device that signed in to another account does not help.
    const other = await signIn('membro@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.0.3' });
    const otherCookie = String(other.headers['set-cookie']).split(';')[0]!;
    expect(
      (await signIn('sala@demo.local', TEST_PASSWORD, { remoteAddress: '10.3.0.3', headers: { cookie: otherCookie } })).statusCode,
    ).toBe(429);
  });

  it('limits password e-mails per address, counted across instances sharing the database', async () => {
    const second = await buildApp({ config: t.config, db: t.db, mailer: { send: async () => {} }, logger: false });
    await second.ready();
    try {
      for (let i = 0; i < 10; i++) {
        const res = await post({
          app: i % 2 ? second : t.app,
          url: '/api/usuario/recuperar-senha',
          payload: { login: `ninguem${i}@demo.local` },
          remoteAddress: '10.4.0.1',
        });
        expect(res.statusCode).toBe(200);
      }
      const over = await post({ url: '/api/usuario/recuperar-senha', payload: { login: 'ninguem@demo.local' }, remoteAddress: '10.4.0.1' });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^Muitas tentativas\. Aguarde 1\d minutos e tente novamente\.$/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected; first access has its own counter.
      expect(
        (await post({ url: '/api/usuario/recuperar-senha', payload: { login: 'x@demo.local' }, remoteAddress: '10.4.0.2' })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 10; i++) {
        await post({
          app: second,
          url: '/api/usuario/primeiro-acesso',
          payload: { login: `ninguem${i}@demo.local` },
          remoteAddress: '10.4.0.3',
        });
      }
      expect(
        (await post({ url: '/api/usuario/primeiro-acesso', payload: { login: 'y@demo.local' }, remoteAddress: '10.4.0.3' })).statusCode,
      ).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('mails one person at most 3 links per window, with the same answer every time', async () => {
    const before = t.mails.length;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await post({ url: '/api/usuario/recuperar-senha', payload: { login: 'parceiro@demo.local' }, remoteAddress: `10.5.0.${i + 1}` }),
      );
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(t.mails.length - before).toBe(3);
  });
});

describe('sessions end', () => {
  it('accepts the bearer scheme in any case', async () => {
    const token = await login(t, 'condutor@demo.local');
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/usuario/sessao',
        headers: { ...authHeaders(token), authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('Sair ends its own session only', async () => {
    const mine = await login(t, 'condutor@demo.local');
    const other = await login(t, 'condutor@demo.local');
    const out = await t.app.inject({ method: 'POST', url: '/api/usuario/logout', headers: authHeaders(mine) });
    expect(out.statusCode).toBe(200);
    expect((await session(mine)).statusCode).toBe(401);
    expect((await session(other)).statusCode).toBe(200);
  });

  it('changing one’s password ends every other session of the user', async () => {
    const here = await login(t, 'analista@demo.local');
    const elsewhere = await login(t, 'analista@demo.local');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/atualizar-senha',
      headers: authHeaders(here),
      payload: { senhaAtual: TEST_PASSWORD, senha: 'trocada123', confirmacao: 'trocada123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);
  });

  it('a reset through the e-mailed link ends every session of the user', async () => {
    const token = await login(t, 'ad@demo.local');
    const before = t.mails.length;
    await post({ url: '/api/usuario/recuperar-senha', payload: { login: 'ad@demo.local' }, remoteAddress: '10.6.0.1' });
    expect(t.mails.length).toBe(before + 1);
    const link = /recover-password\/([A-Za-z0-9_-]+)/.exec(t.mails.at(-1)!.text)![1]!;
    const reset = await post({
      url: '/api/usuario/trocar-senha',
      payload: { token: link, senha: 'novaSenha1', confirmacao: 'novaSenha1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(401);
  });

  it('disabling a user ends their sessions for good, even once enabled again', async () => {
    const admin = await login(t, 'admin@demo.local');
    const token = await login(t, 'operacoes@demo.local');
    const [target] = await t.db.select().from(usuario).where(eq(usuario.email, 'operacoes@demo.local'));
    const toggle = (habilitado: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/usuario/habilitar-desabilitar-usuario',
        headers: authHeaders(admin),
        payload: { usuarioId: target!.usuarioId, habilitado },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(401);
  });

  it('a cached session still sees its end at once', async () => {
    const token = await login(t, 'membro@demo.local');
    expect((await session(token)).statusCode).toBe(200);
    const [before] = await t.db.select({ v: tenant.versaoPermissoes }).from(tenant).where(eq(tenant.id, 'sc'));
    await t.app.inject({ method: 'POST', url: '/api/usuario/logout', headers: authHeaders(token) });
    const [after] = await t.db.select({ v: tenant.versaoPermissoes }).from(tenant).where(eq(tenant.id, 'sc'));
    // Ending a session does not invalidate everyone's cached permissions.
    expect(after!.v).toBe(before!.v);
    expect((await session(token)).statusCode).toBe(401);
  });
});
