import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eixo, municipio, usuario, usuarioGrupo } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, TEST_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { floripa: 0, joinville: 0, lages: 0, msCity: 0, consultorGroup: 0, adminGroup: 0, msGroup: 0, msAxis: 0, scAxis: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'administrador', 'condutor']) tokens[who] = await login(t, `${who}@demo.local`);
  const city = async (nome: string, tenantId = 'sc') =>
    (
      await t.db
        .select()
        .from(municipio)
        .where(and(eq(municipio.nome, nome), eq(municipio.tenantId, tenantId)))
    )[0]!.municipioId;
  const group = async (nome: string, tenantId = 'sc') =>
    (
      await t.db
        .select()
        .from(usuarioGrupo)
        .where(and(eq(usuarioGrupo.nome, nome), eq(usuarioGrupo.tenantId, tenantId)))
    )[0]!.grupoId;
  ids.floripa = await city('Florianópolis');
  ids.joinville = await city('Joinville');
  ids.lages = await city('Lages');
  ids.msCity = await city('Campo Grande', 'ms');
  ids.consultorGroup = await group('Consultor');
  ids.adminGroup = await group('Administrador');
  ids.msGroup = await group('Consultor', 'ms');
  ids.msAxis = (await t.db.select().from(eixo).where(eq(eixo.tenantId, 'ms')))[0]!.eixoId;
  ids.scAxis = (await t.db.select().from(eixo).where(eq(eixo.tenantId, 'sc')))[0]!.eixoId;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: token ? authHeaders(token, tenant) : { database: tenant }, payload: payload as object });

async function userId(email: string, tenantId = 'sc'): Promise<number> {
  const [row] = await t.db
    .select()
    .from(usuario)
    .where(and(eq(usuario.email, email), eq(usuario.tenantId, tenantId)));
  return row!.usuarioId;
}

let seq = 0;
/** A valid CPF that no seeded user has (9th digit 5 is no region the seed uses). */
function freshCpf(): string {
  const nine = `${String(100000 + ++seq).padStart(8, '0')}5`;
  const dv = (list: number[]) => {
    const sum = list.reduce((acc, d, i) => acc + d * (list.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const digits = nine.split('').map(Number);
  const d1 = dv(digits);
  return `${nine}${d1}${dv([...digits, d1])}`;
}
const mask = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

async function createUser(extra: Record<string, unknown> = {}, token = tokens.admin!) {
  const n = ++seq;
  const res = await call('POST', '/api/usuario/cadastrar-usuario', token, {
    nome: `Pessoa Teste ${n}`,
    email: `pessoa${n}@teste.local`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/usuario/cadastrar-usuario', () => {
  it('creates a user without a password, normalising CPF and e-mail, with group and permissions', async () => {
    const cpf = freshCpf();
    const res = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, {
      nome: '  Helena Cardoso  ',
      email: ' Helena.Cardoso@Teste.LOCAL ',
      cpf: mask(cpf),
      telefone: '(48) 99876-5432',
      grupoId: ids.consultorGroup,
      permissoes: [
        { municipioId: ids.floripa, permissao: 'Consultor Condutor' },
        { municipioId: ids.floripa, eixoId: ids.scAxis, permissao: 'Consultor Especialista' },
      ],
      permissoesSolucoes: [{ municipioId: ids.joinville }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      nome: 'Helena Cardoso',
      email: 'helena.cardoso@teste.local',
      cpf,
      telefone: '(48) 99876-5432',
      grupoId: ids.consultorGroup,
      grupoNome: 'Consultor',
      habilitado: true,
      administradorSistema: false,
      senhaDefinida: false,
    });
    expect(body.permissoes.map((p: { permissao: string }) => p.permissao)).toEqual(['Consultor Condutor', 'Consultor Especialista']);
    expect(body.permissoes[0]).toMatchObject({ municipioId: ids.floripa, municipioNome: 'Florianópolis', eixoId: null });
    expect(body.permissoesSolucoes).toEqual([{ municipioId: ids.joinville, municipioNome: 'Joinville' }]);
    const [row] = await t.db.select().from(usuario).where(eq(usuario.usuarioId, body.usuarioId));
    expect(row!.senhaHash).toBeNull();
    expect(row!.tenantId).toBe('sc');
  });

  it('lets the new user set a password through first access and then log in', async () => {
    const created = await createUser({ email: 'primeiro.login@teste.local', grupoId: ids.consultorGroup });
    const before = t.mails.length;
    const refused = await call('POST', '/api/usuario/login', undefined, { login: 'primeiro.login@teste.local', senha: 'qualquer123' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/Primeiro acesso/);

    expect((await call('POST', '/api/usuario/primeiro-acesso', undefined, { login: 'primeiro.login@teste.local' })).statusCode).toBe(200);
    expect(t.mails).toHaveLength(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('primeiro.login@teste.local');
    const token = mail.text.match(/\/auth\/recover-password\/([A-Za-z0-9_-]+)/)![1];
    const changed = await call('POST', '/api/usuario/trocar-senha', undefined, {
      token,
      senha: 'senha-nova-123',
      confirmacao: 'senha-nova-123',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const logged = await call('POST', '/api/usuario/login', undefined, { login: 'primeiro.login@teste.local', senha: 'senha-nova-123' });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().usuario).toMatchObject({ usuarioId: created.usuarioId, grupo: { nome: 'Consultor' } });
    const detail = await call('GET', `/api/usuario/${created.usuarioId}`, tokens.admin);
    expect(detail.json().senhaDefinida).toBe(true);
  });

  it('refuses bad input with pt-BR messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'sem.nome@teste.local' }, 'O nome é obrigatório'],
      [{ nome: 'Sem E-mail' }, 'O e-mail é obrigatório'],
      [{ nome: '   ', email: 'sem.nome@teste.local' }, 'O nome é obrigatório'],
      [{ nome: 'X', email: 'nao-e-email' }, 'E-mail inválido'],
      [{ nome: 'X', email: '' }, 'O e-mail é obrigatório'],
      [{ nome: 'X', email: 'a@teste.local', cpf: '123.abc.789-00' }, 'CPF inválido'],
      [{ nome: 'X', email: 'a@teste.local', cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ nome: 'X', email: 'a@teste.local', cpf: '123.456.789-00' }, 'CPF inválido'],
      [{ nome: 'X', email: 'a@teste.local', telefone: 'ligue já' }, 'Telefone inválido'],
      [{ nome: 'X', email: 'a@teste.local', permissoes: [{ municipioId: ids.floripa, permissao: 'Prefeito' }] }, 'Permissão inválida'],
      [{ nome: 'X', email: 'a@teste.local', grupoId: 'um' }, 'Valor inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
  });

  it('refuses groups, municipalities and axes of another tenant', async () => {
    const base = { nome: 'Outra Base', email: 'outra.base@teste.local' };
    const cases: [Record<string, unknown>, string][] = [
      [{ grupoId: ids.msGroup }, 'Grupo de usuário não encontrado.'],
      [{ permissoes: [{ municipioId: ids.msCity, permissao: 'AD' }] }, 'Município não encontrado.'],
      [{ permissoesSolucoes: [{ municipioId: ids.msCity }] }, 'Município não encontrado.'],
      [{ permissoes: [{ municipioId: ids.floripa, eixoId: ids.msAxis, permissao: 'Analista' }] }, 'Eixo não encontrado.'],
    ];
    for (const [extra, message] of cases) {
      const res = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await t.db.select().from(usuario).where(eq(usuario.email, base.email))).length).toBe(0);
  });

  it('answers 409 for an e-mail or CPF already in use in the tenant, and allows them in another tenant', async () => {
    const cpf = freshCpf();
    await createUser({ email: 'duplicado@teste.local', cpf });
    const sameEmail = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, { nome: 'Outro', email: 'DUPLICADO@teste.local' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: 'Já existe um usuário com este e-mail.' });
    const sameCpf = await call('POST', '/api/usuario/cadastrar-usuario', tokens.admin, {
      nome: 'Outro',
      email: 'outro@teste.local',
      cpf: mask(cpf),
    });
    expect(sameCpf.statusCode).toBe(409);
    expect(sameCpf.json()).toEqual({ message: 'Já existe um usuário com este CPF.' });
    // Nothing half-created by the failed attempt.
    expect((await t.db.select().from(usuario).where(eq(usuario.email, 'outro@teste.local'))).length).toBe(0);

    const msAdmin = await login(t, 'admin@demo.local', 'ms');
    const elsewhere = await call(
      'POST',
      '/api/usuario/cadastrar-usuario',
      msAdmin,
      { nome: 'Outro', email: 'duplicado@teste.local', cpf },
      'ms',
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});

describe('PUT /api/usuario and /api/usuario/atualizar-usuario', () => {
  it('updates fields, replaces the permission lists sent and keeps those left out', async () => {
    const created = await createUser({
      grupoId: ids.consultorGroup,
      permissoes: [{ municipioId: ids.floripa, permissao: 'Consultor Condutor' }],
      permissoesSolucoes: [{ municipioId: ids.floripa }],
    });
    const res = await call('PUT', '/api/usuario', tokens.admin, {
      usuarioId: created.usuarioId,
      nome: 'Nome Alterado',
      email: created.email,
      permissoes: [{ municipioId: ids.joinville, permissao: 'Analista' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'Nome Alterado', grupoId: ids.consultorGroup });
    expect(res.json().permissoes.map((p: { municipioId: number; permissao: string }) => [p.municipioId, p.permissao])).toEqual([
      [ids.joinville, 'Analista'],
    ]);
    expect(res.json().permissoesSolucoes.map((p: { municipioId: number }) => p.municipioId)).toEqual([ids.floripa]);

    const again = await call('PUT', '/api/usuario/atualizar-usuario', tokens.admin, {
      usuarioId: created.usuarioId,
      nome: 'Nome Alterado',
      email: 'novo.email@teste.local',
      grupoId: null,
      permissoesSolucoes: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ email: 'novo.email@teste.local', grupoId: null, grupoNome: null, permissoesSolucoes: [] });
    expect(again.json().permissoes).toHaveLength(1);
  });

  it('refuses an e-mail that belongs to someone else with 409, and an unknown user with 404', async () => {
    const created = await createUser();
    const taken = await call('PUT', '/api/usuario', tokens.admin, {
      usuarioId: created.usuarioId,
      nome: 'X',
      email: 'condutor@demo.local',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Já existe um usuário com este e-mail.');
    const missing = await call('PUT', '/api/usuario', tokens.admin, { usuarioId: 999999, nome: 'X', email: 'x@teste.local' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Usuário não encontrado.');
    const otherTenant = await call('PUT', '/api/usuario', tokens.admin, {
      usuarioId: await userId('condutor@demo.local', 'ms'),
      nome: 'X',
      email: 'x@teste.local',
    });
    expect(otherTenant.statusCode).toBe(404);
  });
});

describe('listing and finding users', () => {
  it('lists the tenant users with group name and state, filtered', async () => {
    const all = await call('GET', '/api/usuario', tokens.admin);
    expect(all.statusCode).toBe(200);
    const emails = all.json().map((u: { email: string }) => u.email);
    expect(emails).toContain('condutor@demo.local');
    expect(emails).not.toContain('ana.nogueira@sebrae-exemplo.com.br');
    expect(all.json().find((u: { email: string }) => u.email === 'condutor@demo.local')).toMatchObject({
      grupoNome: 'Consultor',
      habilitado: true,
      senhaDefinida: true,
    });
    expect(JSON.stringify(all.json())).not.toContain('senhaHash');

    const byName = (await call('GET', '/api/usuario?nome=sergio', tokens.admin)).json();
    expect(byName.map((u: { email: string }) => u.email)).toEqual(['membro@demo.local']);
    const disabled = (await call('GET', '/api/usuario?habilitado=false', tokens.admin)).json();
    expect(disabled.map((u: { email: string }) => u.email)).toContain('rafael.bortolini@sebrae-exemplo.com.br');
    expect(disabled.every((u: { habilitado: boolean }) => !u.habilitado)).toBe(true);
    const inGroup = (await call('GET', `/api/usuario?grupoId=${ids.adminGroup}`, tokens.admin)).json();
    expect(inGroup.map((u: { email: string }) => u.email).sort()).toEqual(['admin@demo.local', 'administrador@demo.local']);
    const inCity = (await call('GET', `/api/usuario?municipioId=${ids.lages}`, tokens.admin)).json();
    expect(inCity.map((u: { email: string }) => u.email)).toEqual(['mariana.souza@sebrae-exemplo.com.br']);
    expect((await call('GET', '/api/usuario?habilitado=talvez', tokens.admin)).statusCode).toBe(400);
  });

  it('filters by POST get-by-filtro with the same rules', async () => {
    const res = await call('POST', '/api/usuario/get-by-filtro', tokens.admin, {
      email: 'DEMO.local',
      grupoId: ids.consultorGroup,
      habilitado: true,
    });
    expect(res.statusCode).toBe(200);
    const emails = res.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['condutor@demo.local', 'especialista@demo.local']));
    expect(emails).not.toContain('analista@demo.local');
    expect((await call('POST', '/api/usuario/get-by-filtro', tokens.admin, { grupoId: 0 })).statusCode).toBe(400);
  });

  it('returns one user with permissions, 404 for another tenant, 400 for a bad id', async () => {
    const res = await call('GET', `/api/usuario/${await userId('especialista@demo.local')}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissoes).toHaveLength(3);
    expect(res.json().permissoes[0]).toMatchObject({ permissao: 'Consultor Especialista', municipioNome: 'Florianópolis' });
    expect(res.json().permissoes[0].eixoNome).toBeTruthy();
    expect((await call('GET', `/api/usuario/${await userId('especialista@demo.local', 'ms')}`, tokens.admin)).statusCode).toBe(404);
    const bad = await call('GET', '/api/usuario/abc', tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('finds users by a name or e-mail fragment, without personal documents', async () => {
    const byName = await call('GET', `/api/usuario/find-user/${encodeURIComponent('carlos edu')}`, tokens.administrador);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().map((u: { email: string }) => u.email)).toEqual(['condutor@demo.local']);
    expect(byName.json()[0]).not.toHaveProperty('cpf');
    const byEmail = (await call('GET', '/api/usuario/find-user/especialista@', tokens.administrador)).json();
    expect(byEmail.map((u: { email: string }) => u.email)).toEqual(['especialista@demo.local']);
    expect((await call('GET', '/api/usuario/find-user/50%25', tokens.administrador)).json()).toEqual([]);
    const accented = await createUser({ nome: 'Érica Ávila Conceição' });
    const plain = (await call('GET', `/api/usuario/find-user/${encodeURIComponent('erica avila')}`, tokens.administrador)).json();
    expect(plain.map((u: { usuarioId: number }) => u.usuarioId)).toEqual([accented.usuarioId]);
  });

  it('finds a user by e-mail in any case', async () => {
    const res = await call('GET', '/api/usuario/find-user-by-email/Analista@Demo.Local', tokens.administrador);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'analista@demo.local', grupoNome: 'Analista' });
    expect((await call('GET', '/api/usuario/find-user-by-email/ninguem@demo.local', tokens.administrador)).statusCode).toBe(404);
    const bad = await call('GET', '/api/usuario/find-user-by-email/nao-e-email', tokens.administrador);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-mail inválido');
  });

  it('refuses the user search to those who may not list users, like the user list', async () => {
    for (const url of ['/api/usuario', '/api/usuario/find-user/demo', '/api/usuario/find-user-by-email/analista@demo.local']) {
      const res = await call('GET', url, tokens.condutor);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('finds a user by CPF, masked or not, for user managers only', async () => {
    const [row] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.email, 'analista@demo.local'), eq(usuario.tenantId, 'sc')));
    for (const cpf of [row!.cpf!, mask(row!.cpf!)]) {
      const res = await call('GET', `/api/usuario/get-by-cpf/${cpf}`, tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe('analista@demo.local');
    }
    const letters = await call('GET', '/api/usuario/get-by-cpf/123abc45678', tokens.admin);
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toBe('CPF inválido');
    expect((await call('GET', `/api/usuario/get-by-cpf/${freshCpf()}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/usuario/get-by-cpf/${row!.cpf}`, tokens.condutor)).statusCode).toBe(403);
  });
});

describe('consultant and AD lists', () => {
  const emailsOf = (body: { email: string }[]) => body.map((u) => u.email);

  it('lists only enabled consultants, with their roles', async () => {
    const res = await call('GET', '/api/usuario/consultores', tokens.admin);
    expect(res.statusCode).toBe(200);
    const emails = emailsOf(res.json());
    expect(emails).toEqual(
      expect.arrayContaining(['condutor@demo.local', 'especialista@demo.local', 'mariana.souza@sebrae-exemplo.com.br']),
    );
    expect(emails).not.toContain('rafael.bortolini@sebrae-exemplo.com.br');
    expect(emails).not.toContain('analista@demo.local');
    expect(emails).not.toContain('ana.nogueira@sebrae-exemplo.com.br');
    expect(res.json().find((u: { email: string }) => u.email === 'condutor@demo.local')).toMatchObject({
      permissoes: ['Consultor Condutor'],
    });
  });

  it('lists only the consultants of the municipalities the caller sees, naming only those municipalities', async () => {
    const res = await call('GET', '/api/usuario/consultores', tokens.condutor);
    expect(res.statusCode).toBe(200);
    const emails = emailsOf(res.json());
    expect(emails).toEqual(expect.arrayContaining(['condutor@demo.local', 'especialista@demo.local']));
    // Mariana works only in municipalities the conductor does not see.
    expect(emails).not.toContain('mariana.souza@sebrae-exemplo.com.br');
    const session = (await call('GET', '/api/usuario/sessao', tokens.condutor)).json() as { usuario: { permissoes: { municipioId: number }[] } };
    const mine = new Set(session.usuario.permissoes.map((p) => p.municipioId));
    for (const person of res.json() as { municipioIds: number[] }[]) for (const id of person.municipioIds) expect(mine.has(id)).toBe(true);
  });

  it('drops a consultant from the lists as soon as they are disabled', async () => {
    const condutor = await createUser({ permissoes: [{ municipioId: ids.floripa, permissao: 'Consultor Condutor' }] });
    const listed = async () => [
      emailsOf((await call('GET', '/api/usuario/consultores', tokens.admin)).json()),
      emailsOf((await call('GET', `/api/usuario/consultoresByMunicipio?municipioId=${ids.floripa}`, tokens.admin)).json()),
    ];
    for (const list of await listed()) expect(list).toContain(condutor.email);
    const off = await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.admin, {
      usuarioId: condutor.usuarioId,
      habilitado: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().habilitado).toBe(false);
    for (const list of await listed()) expect(list).not.toContain(condutor.email);
    await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.admin, { usuarioId: condutor.usuarioId, habilitado: true });
    for (const list of await listed()) expect(list).toContain(condutor.email);
  });

  it('lists the consultants of one municipality the caller can see', async () => {
    const res = await call('GET', `/api/usuario/consultoresByMunicipio?municipioId=${ids.floripa}`, tokens.condutor);
    expect(res.statusCode).toBe(200);
    expect(emailsOf(res.json())).toEqual(expect.arrayContaining(['condutor@demo.local', 'especialista@demo.local']));
    expect(res.json().every((u: { municipioIds: number[] }) => u.municipioIds.every((id) => id === ids.floripa))).toBe(true);
    // Lages is not among the conductor's municipalities; another tenant's city does not exist here.
    expect((await call('GET', `/api/usuario/consultoresByMunicipio?municipioId=${ids.lages}`, tokens.condutor)).statusCode).toBe(404);
    expect((await call('GET', `/api/usuario/consultoresByMunicipio?municipioId=${ids.msCity}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/usuario/consultoresByMunicipio', tokens.admin)).statusCode).toBe(400);
  });

  it('lists enabled AD users, optionally by municipality', async () => {
    const all = emailsOf((await call('GET', '/api/usuario/ads', tokens.admin)).json());
    expect(all).toEqual(expect.arrayContaining(['ad@demo.local', 'parceiro@demo.local', 'sala@demo.local']));
    expect(all).not.toContain('condutor@demo.local');
    const floripa = emailsOf((await call('GET', `/api/usuario/ads?municipioId=${ids.floripa}`, tokens.condutor)).json());
    expect(floripa).toEqual(['ad@demo.local']);
  });

  it('lists to a consultant only the AD users of the municipalities they see', async () => {
    const mine = emailsOf((await call('GET', '/api/usuario/ads', tokens.condutor)).json());
    // The AD of the capital and the room user (AD in one of the conductor's municipalities), not the partner.
    expect(mine).toEqual(expect.arrayContaining(['ad@demo.local', 'sala@demo.local']));
    expect(mine).not.toContain('parceiro@demo.local');
    expect((await call('GET', `/api/usuario/ads?municipioId=${ids.lages}`, tokens.condutor)).statusCode).toBe(404);
  });
});

describe('enabling, disabling and deleting', () => {
  it('a disabled user can neither log in nor keep using a token', async () => {
    const created = await createUser();
    await t.db
      .update(usuario)
      .set({ senhaHash: (await t.db.select().from(usuario).where(eq(usuario.email, 'condutor@demo.local')))[0]!.senhaHash })
      .where(eq(usuario.usuarioId, created.usuarioId));
    const token = await login(t, created.email, 'sc', TEST_PASSWORD);
    expect((await call('GET', '/api/usuario/sessao', token)).statusCode).toBe(200);
    await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.admin, { usuarioId: created.usuarioId, habilitado: false });
    expect((await call('GET', '/api/usuario/sessao', token)).statusCode).toBe(401);
    const refused = await call('POST', '/api/usuario/login', undefined, { login: created.email, senha: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.admin, { usuarioId: created.usuarioId, habilitado: true });
    // Disabling ended the session: enabled again, the user signs in anew.
    expect((await call('GET', '/api/usuario/sessao', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/usuario/sessao', await login(t, created.email, 'sc', TEST_PASSWORD))).statusCode).toBe(200);
  });

  it('DELETE disables the user and keeps the record', async () => {
    const created = await createUser();
    const res = await call('DELETE', `/api/usuario/${created.usuarioId}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/desabilitado/);
    const [row] = await t.db.select().from(usuario).where(eq(usuario.usuarioId, created.usuarioId));
    expect(row!.habilitado).toBe(false);
    expect((await call('DELETE', `/api/usuario/${await userId('condutor@demo.local', 'ms')}`, tokens.admin)).statusCode).toBe(404);
  });

  it('never deletes the built-in administrator nor oneself, and nobody disables themselves', async () => {
    const adminId = await userId('admin@demo.local');
    const administradorId = await userId('administrador@demo.local');
    const self = await call('DELETE', `/api/usuario/${adminId}`, tokens.admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('O administrador do sistema não pode ser excluído.');
    const selfAdmin = await call('DELETE', `/api/usuario/${administradorId}`, tokens.administrador);
    expect(selfAdmin.statusCode).toBe(409);
    expect(selfAdmin.json().message).toBe('Você não pode excluir o próprio usuário.');
    expect((await call('DELETE', `/api/usuario/${adminId}`, tokens.administrador)).statusCode).toBe(403);
    const disableSelf = await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.administrador, {
      usuarioId: administradorId,
      habilitado: false,
    });
    expect(disableSelf.statusCode).toBe(400);
    expect(disableSelf.json().message).toBe('Você não pode desabilitar o próprio usuário.');
    const [row] = await t.db.select().from(usuario).where(eq(usuario.usuarioId, administradorId));
    expect(row!.habilitado).toBe(true);
  });
});

describe('limits of non-full administrators', () => {
  it('only the built-in administrator grants administradorSistema or edits that account', async () => {
    const grant = await call('POST', '/api/usuario/cadastrar-usuario', tokens.administrador, {
      nome: 'Quer Ser Admin',
      email: 'quer.ser.admin@teste.local',
      administradorSistema: true,
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('Apenas o administrador do sistema pode realizar esta ação.');
    const adminId = await userId('admin@demo.local');
    const edit = await call('PUT', '/api/usuario', tokens.administrador, {
      usuarioId: adminId,
      nome: 'Renomeado',
      email: 'admin@demo.local',
    });
    expect(edit.statusCode).toBe(403);
    const off = await call('POST', '/api/usuario/habilitar-desabilitar-usuario', tokens.administrador, {
      usuarioId: adminId,
      habilitado: false,
    });
    expect(off.statusCode).toBe(403);

    const created = await createUser({ administradorSistema: true });
    expect(created.administradorSistema).toBe(true);
  });

  it('a holder of the Usuários menu manages users but cannot create or edit administrators', async () => {
    await t.db
      .update(usuarioGrupo)
      .set({ menuUsuarios: true })
      .where(and(eq(usuarioGrupo.nome, 'Operacoes'), eq(usuarioGrupo.tenantId, 'sc')));
    try {
      const operacoes = await login(t, 'operacoes@demo.local');
      expect((await call('GET', '/api/usuario', operacoes)).statusCode).toBe(200);
      const created = await createUser({ grupoId: ids.consultorGroup }, operacoes);
      expect(created.grupoNome).toBe('Consultor');
      const promote = await call('PUT', '/api/usuario', operacoes, {
        usuarioId: created.usuarioId,
        nome: created.nome,
        email: created.email,
        grupoId: ids.adminGroup,
      });
      expect(promote.statusCode).toBe(403);
      expect(promote.json().message).toBe('Apenas administradores podem realizar esta ação.');
      const administradorId = await userId('administrador@demo.local');
      const editAdmin = await call('POST', '/api/usuario/habilitar-desabilitar-usuario', operacoes, {
        usuarioId: administradorId,
        habilitado: false,
      });
      expect(editAdmin.statusCode).toBe(403);
      expect(
        (await call('POST', '/api/usuario/permissao', operacoes, { usuarioId: administradorId, municipioId: ids.floripa, permissao: 'AD' }))
          .statusCode,
      ).toBe(403);
    } finally {
      await t.db
        .update(usuarioGrupo)
        .set({ menuUsuarios: false })
        .where(and(eq(usuarioGrupo.nome, 'Operacoes'), eq(usuarioGrupo.tenantId, 'sc')));
    }
    const operacoes = await login(t, 'operacoes@demo.local');
    expect((await call('GET', '/api/usuario', operacoes)).statusCode).toBe(403);
  });
});

describe('api/usuario/permissao', () => {
  it('lists, adds and removes a per-municipality role, which the session sees at once', async () => {
    const condutorId = await userId('condutor@demo.local');
    const condutorToken = await login(t, 'condutor@demo.local');
    const list = await call('GET', `/api/usuario/permissao?usuarioId=${condutorId}`, tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(3);

    const added = await call('POST', '/api/usuario/permissao', tokens.admin, {
      usuarioId: condutorId,
      municipioId: ids.lages,
      permissao: 'Consultor Condutor',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      usuarioId: condutorId,
      municipioId: ids.lages,
      municipioNome: 'Lages',
      eixoId: null,
      permissao: 'Consultor Condutor',
    });
    const cities = (await call('GET', '/api/municipio', condutorToken)).json().map((m: { municipioId: number }) => m.municipioId);
    expect(cities).toContain(ids.lages);

    const twice = await call('POST', '/api/usuario/permissao', tokens.admin, {
      usuarioId: condutorId,
      municipioId: ids.lages,
      permissao: 'Consultor Condutor',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('O usuário já tem esta permissão neste município.');

    const removed = await call('DELETE', `/api/usuario/permissao/${added.json().id}`, tokens.admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/usuario/permissao/${added.json().id}`, tokens.admin)).statusCode).toBe(404);
    const after = (await call('GET', '/api/municipio', condutorToken)).json().map((m: { municipioId: number }) => m.municipioId);
    expect(after).not.toContain(ids.lages);
  });

  it('validates the role and the references, and keeps to the tenant', async () => {
    const condutorId = await userId('condutor@demo.local');
    const badRole = await call('POST', '/api/usuario/permissao', tokens.admin, {
      usuarioId: condutorId,
      municipioId: ids.lages,
      permissao: 'Chefe',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe('Permissão inválida');
    const foreignAxis = await call('POST', '/api/usuario/permissao', tokens.admin, {
      usuarioId: condutorId,
      municipioId: ids.lages,
      eixoId: ids.msAxis,
      permissao: 'Analista',
    });
    expect(foreignAxis.statusCode).toBe(400);
    expect(foreignAxis.json().message).toBe('Eixo não encontrado.');
    const msUser = await userId('condutor@demo.local', 'ms');
    expect((await call('GET', `/api/usuario/permissao?usuarioId=${msUser}`, tokens.admin)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/usuario/permissao', tokens.admin, { usuarioId: msUser, municipioId: ids.lages, permissao: 'AD' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/usuario/permissao', tokens.admin)).statusCode).toBe(400);
  });
});

describe('access declared on the endpoint (issue 26)', () => {
  it('refuses a user who does not manage users with 403 whatever body they send, before it is validated', async () => {
    const malformed = { usuarioId: 'x', grupoId: 'x', email: 'não é e-mail' };
    for (const [method, url] of [
      ['POST', '/api/usuario/cadastrar-usuario'],
      ['PUT', '/api/usuario/atualizar-usuario'],
      ['POST', '/api/usuario/habilitar-desabilitar-usuario'],
      ['POST', '/api/usuario/permissao'],
      ['POST', '/api/usuario/get-by-filtro'],
    ] as const) {
      const refused = await call(method, url, tokens.condutor, malformed);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
      // A manager sending the same body gets the pt-BR validation error.
      expect((await call(method, url, tokens.administrador, malformed)).statusCode, url).toBe(400);
    }
    expect((await call('GET', '/api/usuario/find-user-by-email/nao-e-email', tokens.condutor)).statusCode).toBe(403);
  });
});
