import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_MESSAGES,
  MEMBER_PHOTO,
  memberCreateSchema,
  normalizeMemberCpf,
  normalizePhone,
  sniffImageType,
} from '../../src/domain/members.ts';
import { normalizeForSearch } from '../../src/domain/text.ts';
import { membro, membroGrupo, municipio, municipioGrupo } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

let t: TestApp;

type Member = {
  membroId: number;
  municipioId: number;
  nome: string;
  email: string | null;
  telefone: string;
  cpf: string | null;
  cargo: string | null;
  orgao: string | null;
  instituicaoId: number | null;
  imagemMembro: string | null;
  membroGrupos: { grupoId: number; membroId: number; lider: boolean }[];
};

/** Seeded municipalities of tenant sc by name; condutor@ holds roles in Florianópolis, Joinville and Chapecó only. */
const city: Record<string, number> = {};
const groupsOf: Record<string, number[]> = {};
let spMunicipioId: number;
let spGroupId: number;
let msMemberId: number;

const token = demoSignIns(() => t);

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user = 'admin', payload?: unknown, tenant = 'sc') {
  return t.app.inject({
    method,
    url: `/api/municipio/membro${url}`,
    headers: authHeaders(await token(user, tenant), tenant),
    payload: payload as never,
  });
}

let phoneCounter = 0;
/** A phone no seeded member has: the seed uses the 9100-9199 blocks. */
function freshPhone() {
  phoneCounter++;
  return `(48) 97${String(phoneCounter).padStart(3, '0')}-${String(1000 + phoneCounter)}`;
}

function newMember(overrides: Record<string, unknown> = {}) {
  return {
    municipioId: city['Florianópolis'],
    nome: 'Ana Teste',
    email: 'ana.teste@exemplo.com.br',
    telefone: freshPhone(),
    cpf: null,
    cargo: 'Secretária',
    orgao: 'Prefeitura',
    instituicaoId: null,
    membroGrupos: [{ grupoId: groupsOf['Florianópolis']![0], lider: false }],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, user = 'admin'): Promise<Member> {
  const res = await call('POST', '/cadastrar-membro', user, newMember(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function png(totalBytes: number): Buffer {
  const bytes = Buffer.alloc(totalBytes, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  for (const g of await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.tenantId, 'sc'))) {
    const nome = Object.keys(city).find((n) => city[n] === g.municipioId)!;
    (groupsOf[nome] ??= []).push(g.grupoId);
  }
  // The e-mail rule depends on the municipality's state; the demo tenants have no SP municipality.
  const [sp] = await t.db.insert(municipio).values({ tenantId: 'sc', nome: 'Campinas', uf: 'SP' }).returning();
  spMunicipioId = sp!.municipioId;
  const [spGroup] = await t.db.insert(municipioGrupo).values({ tenantId: 'sc', municipioId: spMunicipioId, nome: 'Comitê' }).returning();
  spGroupId = spGroup!.grupoId;
  const [ms] = await t.db.select().from(membro).where(eq(membro.tenantId, 'ms')).limit(1);
  msMemberId = ms!.membroId;
});
afterAll(async () => t?.close());

describe('member schema (src/domain/members.ts)', () => {
  it('normalises phones to the mask and rejects what does not fit it', () => {
    expect(normalizePhone('48991234567')).toBe('(48) 99123-4567');
    expect(normalizePhone('(48) 3222-1111')).toBe('(48) 3222-1111');
    expect(normalizePhone('48 3222 1111')).toBe('(48) 3222-1111');
    expect(normalizePhone('4899123456789')).toBeNull();
    expect(normalizePhone('48 9912-345a')).toBeNull();
  });

  it('takes a CPF masked or not, stores digits and does not enforce check digits', () => {
    expect(normalizeMemberCpf('123.456.789-00')).toBe('12345678900');
    expect(normalizeMemberCpf('11111111111')).toBe('11111111111');
    expect(normalizeMemberCpf('1234')).toBeNull();
  });

  it('requires the e-mail except in SP; a parsed value parses again to itself', () => {
    const input = { municipioId: 1, nome: ' Ana ', telefone: '48991234567', email: '' };
    expect(memberCreateSchema('SC').safeParse(input).success).toBe(false);
    const sp = memberCreateSchema('SP').parse(input);
    expect(sp).toMatchObject({ nome: 'Ana', email: null, telefone: '(48) 99123-4567', membroGrupos: [] });
    expect(memberCreateSchema('SP').parse(sp)).toEqual(sp);
  });

  it('recognises jpg and png by their magic bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(png(16))).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('POST /api/municipio/membro/cadastrar-membro', () => {
  it('creates the member with its group link, phone masked and CPF as digits', async () => {
    const grupoId = groupsOf['Florianópolis']![1]!;
    const res = await call(
      'POST',
      '/cadastrar-membro',
      'admin',
      newMember({ telefone: '48 97999-0001', cpf: '123.456.789-00', membroGrupos: [{ grupoId, lider: true }] }),
    );
    expect(res.statusCode).toBe(201);
    const body: Member = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'cargo',
        'cpf',
        'email',
        'imagemMembro',
        'instituicaoId',
        'membroGrupos',
        'membroId',
        'municipioId',
        'nome',
        'orgao',
        'telefone',
      ].sort(),
    );
    expect(body).toMatchObject({ nome: 'Ana Teste', telefone: '(48) 97999-0001', cpf: '12345678900', imagemMembro: null });
    expect(body.membroGrupos).toEqual([{ grupoId, membroId: body.membroId, lider: true }]);
    const [row] = await t.db.select().from(membro).where(eq(membro.membroId, body.membroId));
    expect(row).toMatchObject({ tenantId: 'sc', municipioId: city['Florianópolis'], cpf: '12345678900' });
  });

  it('answers each spec §5 message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: undefined }, 'O nome é obrigatório'],
      [{ nome: '   ' }, 'O nome é obrigatório'],
      [{ email: undefined }, 'O e-mail é obrigatório'],
      [{ email: '' }, 'O e-mail é obrigatório'],
      [{ telefone: undefined }, 'O telefone é obrigatório'],
      [{ telefone: '' }, 'O telefone é obrigatório'],
      [{ telefone: '4899' }, MEMBER_MESSAGES.telefoneInvalido],
      [{ email: 'sem-arroba' }, MEMBER_MESSAGES.emailInvalido],
      [{ cpf: '123.456' }, MEMBER_MESSAGES.cpfInvalido],
    ];
    for (const [override, message] of cases) {
      const res = await call('POST', '/cadastrar-membro', 'admin', newMember(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message, JSON.stringify(override)).toBe(message);
    }
  });

  it('does not require the e-mail for a municipality in SP', async () => {
    const member = await create({ municipioId: spMunicipioId, email: undefined, membroGrupos: [{ grupoId: spGroupId, lider: false }] });
    expect(member.email).toBeNull();
    const blank = await create({ municipioId: spMunicipioId, email: '  ', membroGrupos: [] });
    expect(blank.email).toBeNull();
    expect(blank.membroGrupos).toEqual([]);
  });

  it('accepts a CPF with wrong check digits (spec §5: not enforced on save)', async () => {
    expect((await create({ cpf: '111.111.111-11' })).cpf).toBe('11111111111');
  });

  it('refuses a phone already registered in the tenant, whatever its spelling, with 409 O telefone já cadastrado', async () => {
    const [seeded] = await t.db.select().from(membro).where(eq(membro.tenantId, 'sc')).limit(1);
    const res = await call('POST', '/cadastrar-membro', 'admin', newMember({ telefone: seeded!.telefone.replace(/\D/g, '') }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'O telefone já cadastrado' });
  });

  it('allows the same phone in another tenant', async () => {
    const [seeded] = await t.db.select().from(membro).where(eq(membro.tenantId, 'sc')).limit(1);
    const [msCity] = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')).limit(1);
    const res = await call(
      'POST',
      '/cadastrar-membro',
      'admin',
      newMember({ municipioId: msCity!.municipioId, telefone: seeded!.telefone, membroGrupos: [] }),
      'ms',
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('checks the group: missing is 404, of another municipality is 400, more than one is 400', async () => {
    expect((await call('POST', '/cadastrar-membro', 'admin', newMember({ membroGrupos: [{ grupoId: 999999 }] }))).statusCode).toBe(404);
    const other = await call('POST', '/cadastrar-membro', 'admin', newMember({ membroGrupos: [{ grupoId: groupsOf['Joinville']![0] }] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('O grupo não pertence ao município do membro.');
    const two = await call(
      'POST',
      '/cadastrar-membro',
      'admin',
      newMember({ membroGrupos: groupsOf['Florianópolis']!.slice(0, 2).map((grupoId) => ({ grupoId })) }),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(MEMBER_MESSAGES.umGrupo);
  });

  it('lets consultants and ADs write members of their municipalities only', async () => {
    await create({}, 'condutor');
    await create({}, 'ad');
    const outside = await call('POST', '/cadastrar-membro', 'condutor', newMember({ municipioId: city['Blumenau'], membroGrupos: [] }));
    expect(outside.statusCode).toBe(404);
    const adOutside = await call('POST', '/cadastrar-membro', 'ad', newMember({ municipioId: city['Joinville'], membroGrupos: [] }));
    expect(adOutside.statusCode).toBe(404);
  });

  it("refuses another tenant's municipality and another tenant's token", async () => {
    const [msCity] = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')).limit(1);
    const res = await call('POST', '/cadastrar-membro', 'admin', newMember({ municipioId: msCity!.municipioId, membroGrupos: [] }));
    expect(res.statusCode).toBe(404);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/municipio/membro/cadastrar-membro',
      headers: authHeaders(await token('admin', 'ms'), 'sc'),
      payload: newMember(),
    });
    expect(cross.statusCode).toBe(401);
  });
});

describe('PUT /api/municipio/membro/atualizar-membro', () => {
  it('updates fields and replaces, keeps or removes the group link', async () => {
    const member = await create();
    const [, second] = groupsOf['Florianópolis']!;
    const base = { ...newMember(), membroId: member.membroId, telefone: member.telefone };
    let res = await call('PUT', '/atualizar-membro', 'condutor', {
      ...base,
      nome: 'Ana Atualizada',
      membroGrupos: [{ grupoId: second, lider: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Ana Atualizada',
      membroGrupos: [{ grupoId: second, membroId: member.membroId, lider: true }],
    });
    res = await call('PUT', '/atualizar-membro', 'condutor', { ...base, membroGrupos: undefined, cargo: '' });
    expect(res.json()).toMatchObject({ nome: 'Ana Teste', cargo: null, membroGrupos: [{ grupoId: second, lider: true }] });
    res = await call('PUT', '/atualizar-membro', 'condutor', { ...base, membroGrupos: [] });
    expect(res.json().membroGrupos).toEqual([]);
    const links = await t.db.select().from(membroGrupo).where(eq(membroGrupo.membroId, member.membroId));
    expect(links).toHaveLength(0);
  });

  it("applies the §5 rules with the state of the member's municipality", async () => {
    const sc = await create();
    const noEmail = await call('PUT', '/atualizar-membro', 'admin', {
      ...newMember(),
      membroId: sc.membroId,
      telefone: sc.telefone,
      email: null,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('O e-mail é obrigatório');
    const sp = await create({ municipioId: spMunicipioId, membroGrupos: [] });
    // municipioId in the body is ignored: a member stays in its municipality.
    const res = await call('PUT', '/atualizar-membro', 'admin', {
      ...newMember(),
      membroId: sp.membroId,
      telefone: sp.telefone,
      email: null,
      membroGrupos: undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ municipioId: spMunicipioId, email: null });
  });

  it('refuses a phone of another member with 409 but keeps its own', async () => {
    const a = await create();
    const b = await create();
    const taken = await call('PUT', '/atualizar-membro', 'admin', { ...newMember(), membroId: b.membroId, telefone: a.telefone });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'O telefone já cadastrado' });
    const own = await call('PUT', '/atualizar-membro', 'admin', {
      ...newMember(),
      membroId: b.membroId,
      telefone: b.telefone.replace(/\D/g, ''),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().telefone).toBe(b.telefone);
  });

  it('answers 404 for a member outside the permissions or of another tenant', async () => {
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    const outside = await call('PUT', '/atualizar-membro', 'condutor', { ...newMember(), membroId: blumenau!.membroId });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Membro não encontrado.');
    expect((await call('PUT', '/atualizar-membro', 'admin', { ...newMember(), membroId: msMemberId })).statusCode).toBe(404);
  });
});

describe('PUT /api/municipio/membro/atualizar-foto-membro', () => {
  it('stores a png or jpg checked by its bytes, and removes it with null', async () => {
    const member = await create();
    const photo = dataUrl('image/png', png(MEMBER_PHOTO.maxBytes));
    let res = await call('PUT', '/atualizar-foto-membro', 'condutor', { membroId: member.membroId, imagemMembro: photo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imagemMembro).toBe(photo);
    const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    res = await call('PUT', '/atualizar-foto-membro', 'condutor', { membroId: member.membroId, imagemMembro: dataUrl('image/jpg', jpg) });
    expect(res.json().imagemMembro).toBe(dataUrl('image/jpeg', jpg));
    expect((await call('GET', `/get-membro/${member.membroId}`, 'condutor')).json().imagemMembro).toBe(dataUrl('image/jpeg', jpg));
    res = await call('PUT', '/atualizar-foto-membro', 'condutor', { membroId: member.membroId, imagemMembro: null });
    expect(res.json().imagemMembro).toBeNull();
  });

  it('refuses a photo over 150000 bytes with Foto maior que 150kb, even one above the usual body limit', async () => {
    const member = await create();
    for (const size of [MEMBER_PHOTO.maxBytes + 1, 1_500_000]) {
      const res = await call('PUT', '/atualizar-foto-membro', 'admin', {
        membroId: member.membroId,
        imagemMembro: dataUrl('image/png', png(size)),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Foto maior que 150kb');
    }
  });

  it('refuses other types, and a declared type the bytes do not match', async () => {
    const member = await create();
    const gif = Buffer.from('GIF89a-not-a-png');
    const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    for (const imagemMembro of [
      dataUrl('image/gif', gif),
      dataUrl('image/png', gif),
      dataUrl('image/png', jpg),
      'data:image/png;base64,@@@@',
      'nao e uma imagem',
    ]) {
      const res = await call('PUT', '/atualizar-foto-membro', 'admin', { membroId: member.membroId, imagemMembro });
      expect(res.statusCode, imagemMembro).toBe(400);
      expect(res.json().message).toBe(MEMBER_MESSAGES.fotoTipo);
    }
  });

  it('answers 404 for a member outside the permissions', async () => {
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    const res = await call('PUT', '/atualizar-foto-membro', 'condutor', { membroId: blumenau!.membroId, imagemMembro: null });
    expect(res.statusCode).toBe(404);
  });
});

describe('reading members', () => {
  it('GET lists exactly the members of the municipalities the user can see', async () => {
    const rows = await t.db.select().from(membro).where(eq(membro.tenantId, 'sc'));
    const admin: Member[] = (await call('GET', '')).json();
    expect(admin).toHaveLength(rows.length);
    const visible = new Set([city['Florianópolis'], city['Joinville'], city['Chapecó']]);
    const condutor: Member[] = (await call('GET', '', 'condutor')).json();
    expect(condutor).toHaveLength(rows.filter((r) => visible.has(r.municipioId)).length);
    expect(condutor.every((m) => visible.has(m.municipioId))).toBe(true);
    const names = condutor.map((m) => m.nome);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  });

  it("GET get-membro/{id}: 404 outside the permissions, for another tenant and for a missing id; 401 with another tenant's token", async () => {
    const [floripa] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Florianópolis']!)).limit(1);
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    const ok = await call('GET', `/get-membro/${floripa!.membroId}`, 'membro');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().membroGrupos.length).toBeGreaterThan(0);
    const outside = await call('GET', `/get-membro/${blumenau!.membroId}`, 'condutor');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Membro não encontrado.');
    expect((await call('GET', `/get-membro/${msMemberId}`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/get-membro/99999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/get-membro/abc', 'admin')).statusCode).toBe(400);
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/municipio/membro/get-membro/${floripa!.membroId}`,
      headers: authHeaders(await token('admin', 'ms'), 'sc'),
    });
    expect(cross.statusCode).toBe(401);
  });

  it('GET get-membro-by-grupo/{id} lists the members linked to the group', async () => {
    const grupoId = groupsOf['Joinville']![0]!;
    const links = await t.db.select().from(membroGrupo).where(eq(membroGrupo.grupoId, grupoId));
    const res = await call('GET', `/get-membro-by-grupo/${grupoId}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((m: Member) => m.membroId)
        .sort(),
    ).toEqual(links.map((l) => l.membroId).sort());
    expect((await call('GET', `/get-membro-by-grupo/${groupsOf['Blumenau']![0]}`, 'condutor')).statusCode).toBe(404);
  });

  it('GET get-membro-by-municipio/{id} lists the members of a visible municipality only', async () => {
    const rows = await t.db.select().from(membro).where(eq(membro.municipioId, city['Chapecó']!));
    const res = await call('GET', `/get-membro-by-municipio/${city['Chapecó']}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(rows.length);
    expect((await call('GET', `/get-membro-by-municipio/${city['Blumenau']}`, 'condutor')).statusCode).toBe(404);
    const [msCity] = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')).limit(1);
    expect((await call('GET', `/get-membro-by-municipio/${msCity!.municipioId}`, 'admin')).statusCode).toBe(404);
  });

  it('GET get-membros-by-nome/{name} ignores accents and case, and only finds visible members', async () => {
    const accented = await create({ nome: 'Joaquim Conceição Brandão' });
    const res = await call('GET', `/get-membros-by-nome/${encodeURIComponent('CONCEICAO brandao')}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: Member) => m.membroId)).toContain(accented.membroId);
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    const needle = normalizeForSearch(blumenau!.nome).toUpperCase();
    expect(
      (await call('GET', `/get-membros-by-nome/${encodeURIComponent(needle)}`, 'admin')).json().map((m: Member) => m.membroId),
    ).toContain(blumenau!.membroId);
    expect((await call('GET', `/get-membros-by-nome/${encodeURIComponent(needle)}`, 'condutor')).json()).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect((await call('GET', `/get-membros-by-nome/${encodeURIComponent('%')}`, 'admin')).json()).toEqual([]);
  });

  it('GET get-by-cpf/{cpf} finds a visible member by CPF, masked or not', async () => {
    const [joinville] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Joinville']!)).limit(1);
    const cpf = joinville!.cpf!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const value of [cpf, masked]) {
      const res = await call('GET', `/get-by-cpf/${encodeURIComponent(value)}`, 'condutor');
      expect(res.statusCode, value).toBe(200);
      expect(res.json().membroId).toBe(joinville!.membroId);
    }
    expect((await call('GET', '/get-by-cpf/123', 'condutor')).json().message).toBe(MEMBER_MESSAGES.cpfInvalido);
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    expect((await call('GET', `/get-by-cpf/${blumenau!.cpf}`, 'condutor')).statusCode).toBe(404);
  });
});

describe('DELETE /api/municipio/membro/{id}', () => {
  it('deletes a member of a visible municipality, with its group link', async () => {
    const member = await create({}, 'condutor');
    const res = await call('DELETE', `/${member.membroId}`, 'condutor');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/get-membro/${member.membroId}`, 'condutor')).statusCode).toBe(404);
    expect(await t.db.select().from(membroGrupo).where(eq(membroGrupo.membroId, member.membroId))).toHaveLength(0);
  });

  it('answers 404 outside the permissions and for another tenant, deleting nothing', async () => {
    const [blumenau] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Blumenau']!)).limit(1);
    expect((await call('DELETE', `/${blumenau!.membroId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('DELETE', `/${msMemberId}`, 'admin')).statusCode).toBe(404);
    expect(await t.db.select().from(membro).where(eq(membro.membroId, blumenau!.membroId))).toHaveLength(1);
    expect(await t.db.select().from(membro).where(eq(membro.membroId, msMemberId))).toHaveLength(1);
  });
});
