import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { configuracao, tokenSenha, usuario, usuarioGrupo } from '../../server/db/schema/index.ts';
import { FLAG_KEYS } from '../../src/domain/permission-flags.ts';
import { authHeaders, createTestApp, login, TEST_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, tenant = 'sc') =>
  t.app.inject({ method: 'POST', url, headers: { database: tenant, branch: 'hlg' }, payload: payload as object });

/** The one answer to every refused password: wrong, unknown login, or an account still without a password. */
const WRONG_CREDENTIALS = 'E-mail/CPF ou senha inválidos. Se você ainda não criou sua senha, use "Primeiro acesso".';

function linkToken(text: string): string {
  const match = text.match(/\/auth\/recover-password\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[1];
}

describe('POST /api/usuario/login', () => {
  it('logs in by e-mail and returns the token and everything the session needs', async () => {
    const res = await post('/api/usuario/login', { login: 'condutor@demo.local', senha: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(new Date(body.expiraEm).getTime()).toBeGreaterThan(Date.now());
    expect(body.usuario).toMatchObject({ email: 'condutor@demo.local', administradorSistema: false });
    expect(body.usuario.grupo.nome).toBe('Consultor');
    expect(body.usuario.grupo.novoRelatorio).toBe(true);
    expect(Array.isArray(body.usuario.grupo.relatorioAdm)).toBe(true);
    expect(body.usuario.permissoes.length).toBeGreaterThan(0);
    expect(body.usuario.permissoes[0].permissao.nome).toBe('Consultor Condutor');
    expect(body.config).toHaveProperty('novoRelatorio');
    expect(body.tenant).toEqual({ id: 'sc', nome: 'Santa Catarina', uf: 'SC' });
    expect(body.usuario).not.toHaveProperty('senhaHash');
  });

  it('carries every flag of the group and of the configuration exactly as stored', async () => {
    const [user] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.email, 'analista@demo.local'), eq(usuario.tenantId, 'sc')));
    const [group] = await t.db.select().from(usuarioGrupo).where(eq(usuarioGrupo.grupoId, user.grupoId!));
    const [config] = await t.db.select().from(configuracao).where(eq(configuracao.tenantId, 'sc'));
    const body = (await post('/api/usuario/login', { login: 'analista@demo.local', senha: TEST_PASSWORD })).json();
    for (const key of FLAG_KEYS) {
      expect(body.usuario.grupo[key], `grupo.${key}`).toBe(group[key]);
      expect(body.config[key], `config.${key}`).toBe(config[key]);
    }
    // Both values of each flag occur, so a mapping that always answers the same would fail.
    expect(new Set(FLAG_KEYS.map((k) => group[k]))).toEqual(new Set([true, false]));
  });

  it('logs in by CPF, masked or not', async () => {
    const [row] = await t.db.select().from(usuario).where(eq(usuario.email, 'analista@demo.local'));
    const cpf = row.cpf!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const loginValue of [cpf, masked]) {
      const res = await post('/api/usuario/login', { login: loginValue, senha: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.email).toBe('analista@demo.local');
    }
  });

  it('rejects a wrong password with a pt-BR message', async () => {
    const res = await post('/api/usuario/login', { login: 'analista@demo.local', senha: 'errada123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await post('/api/usuario/login', { login: 'ninguem@demo.local', senha: 'errada123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(WRONG_CREDENTIALS);
  });

  it('answers an account without a password (first access pending) exactly like a wrong password', async () => {
    const email = `sem.senha.${randomUUID()}@teste.local`;
    await t.db.insert(usuario).values({ tenantId: 'sc', nome: 'Sem Senha Ainda', email, senhaHash: null });
    const passwordless = await post('/api/usuario/login', { login: email, senha: 'qualquer123' });
    const wrong = await post('/api/usuario/login', { login: 'analista@demo.local', senha: 'qualquer123' });
    const unknown = await post('/api/usuario/login', { login: `ninguem.${randomUUID()}@teste.local`, senha: 'qualquer123' });
    for (const res of [passwordless, wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
    }
    // Its owner still finds the way in: the answer names "Primeiro acesso", which mails the link.
    expect(WRONG_CREDENTIALS).toMatch(/Primeiro acesso/);
    expect((await post('/api/usuario/primeiro-acesso', { login: email })).statusCode).toBe(200);
    expect(t.mails.at(-1)!.to).toBe(email);
  });

  it('validates the body in pt-BR with the issues listed', async () => {
    const res = await post('/api/usuario/login', { login: '  ', senha: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toContain('Informe o e-mail ou o CPF');
    expect(body.message).toContain('Informe a senha');
    expect(body.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.login' }), expect.objectContaining({ path: 'body.senha' })]),
    );
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      headers: { database: 'sc', 'content-type': 'application/json' },
      payload: '{"login": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('blocks a login after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/usuario/login', { login: 'operacoes@demo.local', senha: `errada${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/usuario/login', { login: 'operacoes@demo.local', senha: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Muitas tentativas/);
    // The same account in the other tenant is a different login and is not blocked.
    expect((await post('/api/usuario/login', { login: 'operacoes@demo.local', senha: TEST_PASSWORD }, 'ms')).statusCode).toBe(200);
  });

  it('refuses a disabled user with 403', async () => {
    const parceiro = and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'parceiro@demo.local'));
    await t.db.update(usuario).set({ habilitado: false }).where(parceiro);
    onTestFinished(async () => void (await t.db.update(usuario).set({ habilitado: true }).where(parceiro)));
    const res = await post('/api/usuario/login', { login: 'parceiro@demo.local', senha: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/desabilitado/);
  });
});

describe('tenant header', () => {
  it('requires the database header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario/login', payload: { login: 'a@b.c', senha: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/database/);
  });

  it('rejects an unknown tenant with 400 and a message', async () => {
    const res = await post('/api/usuario/login', { login: 'admin@demo.local', senha: TEST_PASSWORD }, 'xx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Base de dados desconhecida: "xx".');
  });

  it('accepts the tenant id in any case', async () => {
    const res = await post('/api/usuario/login', { login: 'admin@demo.local', senha: TEST_PASSWORD }, 'SC');
    expect(res.statusCode).toBe(200);
  });
});

describe('session', () => {
  it('returns the session for a valid token and 401 without one', async () => {
    const token = await login(t, 'especialista@demo.local');
    const ok = await t.app.inject({ method: 'GET', url: '/api/usuario/sessao', headers: authHeaders(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.email).toBe('especialista@demo.local');
    const none = await t.app.inject({ method: 'GET', url: '/api/usuario/sessao', headers: { database: 'sc' } });
    expect(none.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/usuario/sessao', headers: authHeaders(`${token.slice(0, -4)}AAAA`) });
    expect(forged.statusCode).toBe(401);
  });

  it('a disabled user loses access at once, even with a valid token', async () => {
    const token = await login(t, 'sala@demo.local');
    const sala = and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'sala@demo.local'));
    await t.db.update(usuario).set({ habilitado: false }).where(sala);
    onTestFinished(async () => void (await t.db.update(usuario).set({ habilitado: true }).where(sala)));
    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/sessao', headers: authHeaders(token) });
    expect(res.statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('mails a one-time link that sets a new password', async () => {
    const before = t.mails.length;
    const res = await post('/api/usuario/recuperar-senha', { login: 'ad@demo.local' });
    expect(res.statusCode).toBe(200);
    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ad@demo.local');
    const token = linkToken(mail.text);

    const check = await post(`/api/usuario/verifica-token-valido?token=${token}`, {});
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valido: true, email: 'ad@demo.local' });

    const mismatch = await post('/api/usuario/trocar-senha', { token, senha: 'novaSenha1', confirmacao: 'outra' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('As senhas não conferem');

    const short = await post('/api/usuario/trocar-senha', { token, senha: 'curta', confirmacao: 'curta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 8 caracteres');

    const changed = await post('/api/usuario/trocar-senha', { token, senha: 'novaSenha1', confirmacao: 'novaSenha1' });
    expect(changed.statusCode).toBe(200);

    const reused = await post('/api/usuario/trocar-senha', { token, senha: 'outraSenha2', confirmacao: 'outraSenha2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/Link inválido ou expirado/);

    expect((await post('/api/usuario/login', { login: 'ad@demo.local', senha: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/usuario/login', { login: 'ad@demo.local', senha: 'novaSenha1' })).statusCode).toBe(200);
  });

  it('answers the same for an unknown login and sends nothing', async () => {
    const before = t.mails.length;
    const known = await post('/api/usuario/recuperar-senha', { login: 'analista@demo.local' });
    const unknown = await post('/api/usuario/recuperar-senha', { login: 'desconhecido@demo.local' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
  });

  it('refuses an expired link', async () => {
    await post('/api/usuario/recuperar-senha', { login: 'analista@demo.local' });
    const token = linkToken(t.mails.at(-1)!.text);
    await t.db.update(tokenSenha).set({ expiraEm: new Date(Date.now() - 1000) });
    const res = await post(`/api/usuario/verifica-token-valido?token=${token}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Link inválido ou expirado/);
  });

  it('a link from one tenant does not work in another', async () => {
    await post('/api/usuario/recuperar-senha', { login: 'analista@demo.local' }, 'ms');
    const token = linkToken(t.mails.at(-1)!.text);
    expect((await post(`/api/usuario/verifica-token-valido?token=${token}`, {}, 'sc')).statusCode).toBe(400);
    expect((await post(`/api/usuario/verifica-token-valido?token=${token}`, {}, 'ms')).statusCode).toBe(200);
  });
});

describe('first access', () => {
  it('lets a user created without a password set one through the mailed link', async () => {
    const before = await post('/api/usuario/login', { login: 'primeiroacesso@demo.local', senha: 'qualquer1' });
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toMatch(/Primeiro acesso/);

    const res = await post('/api/usuario/primeiro-acesso', { login: 'primeiroacesso@demo.local' });
    expect(res.statusCode).toBe(200);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('primeiroacesso@demo.local');
    expect(mail.subject).toMatch(/crie sua senha/);
    const token = linkToken(mail.text);
    expect((await post('/api/usuario/trocar-senha', { token, senha: 'minhaSenha9', confirmacao: 'minhaSenha9' })).statusCode).toBe(200);
    expect((await post('/api/usuario/login', { login: 'primeiroacesso@demo.local', senha: 'minhaSenha9' })).statusCode).toBe(200);
  });
});

describe('POST /api/usuario/atualizar-senha', () => {
  it('changes one’s own password only with the current one', async () => {
    const token = await login(t, 'administrador@demo.local');
    const headers = authHeaders(token);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/atualizar-senha',
      headers,
      payload: { senhaAtual: 'errada', senha: 'trocada123', confirmacao: 'trocada123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('A senha atual está incorreta.');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/atualizar-senha',
      headers,
      payload: { senhaAtual: TEST_PASSWORD, senha: 'trocada123', confirmacao: 'trocada123' },
    });
    expect(ok.statusCode).toBe(200);
    await login(t, 'administrador@demo.local', 'sc', 'trocada123');
  });

  it('needs a token', async () => {
    const res = await post('/api/usuario/atualizar-senha', { senhaAtual: 'a', senha: 'b'.repeat(8), confirmacao: 'b'.repeat(8) });
    expect(res.statusCode).toBe(401);
  });
});
