import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVigente, type VigenteInput } from '../../src/domain/permissions.ts';
import { DEFAULT_VARIANT_ID, getVariant } from '../../src/domain/variants.ts';

// The server computes `vigente` without a variant mode (the client refines it for the Sala and AT modes).
const isMunicipalityVigente = (m: VigenteInput, uf: string) => isVigente(m, getVariant(DEFAULT_VARIANT_ID), uf);
import {
  eixo,
  encontro,
  membro,
  membroGrupo,
  municipio,
  municipioGrupo,
  perguntaMunicipio,
  status,
  statusContrato,
  tema,
  usuario,
  usuarioGrupo,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

let t: TestApp;
/** Seeded municipalities of tenant sc; condutor@ sees Florianópolis, Joinville and Chapecó only. */
const city: Record<string, number> = {};
let msCityId: number;

const token = demoSignIns(() => t);

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user = 'admin', payload?: unknown, tenant = 'sc') {
  return t.app.inject({
    method,
    url: `/api/municipio${url}`,
    headers: authHeaders(await token(user, tenant), tenant),
    payload: payload as never,
  });
}

async function insertCity(nome: string, values: Partial<typeof municipio.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(municipio)
    .values({ tenantId: 'sc', nome, uf: 'SC', ...values })
    .returning();
  city[nome] = row!.municipioId;
  return row!.municipioId;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  const [ms] = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')).limit(1);
  msCityId = ms!.municipioId;
});
afterAll(async () => t?.close());

describe('isMunicipalityVigente (spec §6 city vigente rule)', () => {
  const base: VigenteInput = {
    tipo: 'municipio',
    statusContratoNome: 'Cidade Empreendedora',
    statusRelacionamento: 4,
    statusParticipacao: 0,
  };

  it('outside RJ: vigente relationship, or a participating seal room', () => {
    expect(isMunicipalityVigente(base, 'SC')).toBe(true);
    expect(isMunicipalityVigente({ ...base, statusRelacionamento: 2 }, 'SC')).toBe(false);
    expect(isMunicipalityVigente({ ...base, tipo: 'sala', statusRelacionamento: 0, statusParticipacao: 3 }, 'MS')).toBe(true);
    expect(isMunicipalityVigente({ ...base, tipo: 'municipio', statusRelacionamento: 0, statusParticipacao: 3 }, 'MS')).toBe(false);
    expect(isMunicipalityVigente({ ...base, statusContratoNome: null }, 'SC')).toBe(true);
  });

  it('in RJ: Cidade Empreendedora contract, not a room, vigente relationship', () => {
    expect(isMunicipalityVigente(base, 'RJ')).toBe(true);
    expect(isMunicipalityVigente({ ...base, statusContratoNome: 'cidade empreendedora ' }, 'rj')).toBe(true);
    expect(isMunicipalityVigente({ ...base, statusContratoNome: 'Cidade Empreendedora Básica' }, 'RJ')).toBe(false);
    expect(isMunicipalityVigente({ ...base, tipo: 'sala', statusParticipacao: 3 }, 'RJ')).toBe(false);
    expect(isMunicipalityVigente({ ...base, statusRelacionamento: 6 }, 'RJ')).toBe(false);
  });
});

describe('GET /api/municipio/{id}', () => {
  it('answers the list item plus points, medal, seal, image and vigente', async () => {
    const res = await call('GET', `/${city['Florianópolis']}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      municipioId: city['Florianópolis'],
      nome: 'Florianópolis',
      uf: 'SC',
      tipo: 'municipio',
      statusNome: 'Vigente',
      statusContratoNome: 'Cidade Empreendedora',
      statusRelacionamento: 4,
      pontos: 320,
      medalha: 'ouro',
      selo: 'ouro',
      imagem: null,
      vigente: true,
    });
    expect((await call('GET', `/${city['Blumenau']}`)).json().vigente).toBe(false);
    expect((await call('GET', `/${city['Chapecó']}`)).json()).toMatchObject({ tipo: 'sala', vigente: true });
  });

  it('applies the RJ rule to an RJ municipality', async () => {
    const [contract] = await t.db
      .select()
      .from(statusContrato)
      .where(and(eq(statusContrato.tenantId, 'sc'), eq(statusContrato.nome, 'Cidade Empreendedora Básica')));
    const id = await insertCity('Niterói', { uf: 'RJ', statusRelacionamento: 4, statusContratoId: contract!.statusContratoId });
    expect((await call('GET', `/${id}`)).json().vigente).toBe(false);
  });

  it('answers 404 outside the permissions, for another tenant and for a missing id; 400 for a bad id; 401 for another tenant token', async () => {
    const outside = await call('GET', `/${city['Blumenau']}`, 'condutor');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Município não encontrado.');
    expect((await call('GET', `/${msCityId}`)).statusCode).toBe(404);
    expect((await call('GET', '/99999999')).statusCode).toBe(404);
    expect((await call('GET', '/abc')).statusCode).toBe(400);
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/municipio/${city['Florianópolis']}`,
      headers: authHeaders(await token('admin', 'ms'), 'sc'),
    });
    expect(cross.statusCode).toBe(401);
  });
});

describe('PUT /api/municipio/{id}', () => {
  it('updates only the fields sent and answers the new detail', async () => {
    const [negociacao] = await t.db
      .select()
      .from(status)
      .where(and(eq(status.tenantId, 'sc'), eq(status.statusNome, 'Em negociação')));
    const res = await call('PUT', `/${city['Joinville']}`, 'condutor', { statusRelacionamento: 2, statusId: negociacao!.statusId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Joinville',
      statusRelacionamento: 2,
      statusNome: 'Em negociação',
      vigente: false,
      pontos: 245,
    });
    const back = await call('PUT', `/${city['Joinville']}`, 'admin', {
      statusRelacionamento: 4,
      statusContratoId: null,
      nome: ' Joinville ',
    });
    expect(back.json()).toMatchObject({ nome: 'Joinville', statusRelacionamento: 4, statusContratoId: null, vigente: true });
  });

  it('validates the input: enumerations, references of the tenant, name', async () => {
    const [msStatus] = await t.db.select().from(status).where(eq(status.tenantId, 'ms')).limit(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ statusRelacionamento: 5 }, 'Opção inválida'],
      [{ statusParticipacao: 4 }, 'Opção inválida'],
      [{ nome: '  ' }, 'Informe o nome do município'],
      [{ statusId: msStatus!.statusId }, 'Status não encontrado.'],
      [{ projetoId: 999999 }, 'Projeto não encontrado.'],
      [{ statusContratoId: 999999 }, 'Status de contrato não encontrado.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', `/${city['Lages']}`, 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a name already used in the state with 409', async () => {
    const res = await call('PUT', `/${city['Lages']}`, 'admin', { nome: 'Blumenau' });
    expect(res.statusCode).toBe(409);
  });

  it('needs salvarMunicipio unless admin, and a visible municipality', async () => {
    expect((await call('PUT', `/${city['Blumenau']}`, 'condutor', { statusParticipacao: 0 })).statusCode).toBe(404);
    await t.db.update(usuarioGrupo).set({ salvarMunicipio: false }).where(eq(usuarioGrupo.tenantId, 'sc'));
    try {
      expect((await call('PUT', `/${city['Joinville']}`, 'condutor', { statusParticipacao: 3 })).statusCode).toBe(403);
      expect((await call('PUT', `/${city['Joinville']}`, 'administrador', { statusParticipacao: 3 })).statusCode).toBe(200);
    } finally {
      await t.db.update(usuarioGrupo).set({ salvarMunicipio: true }).where(eq(usuarioGrupo.tenantId, 'sc'));
    }
  });
});

describe('DELETE /api/municipio/{id}', () => {
  it('is for admins only', async () => {
    const id = await insertCity('Bombinhas');
    for (const user of ['condutor', 'operacoes', 'analista']) {
      const res = await call('DELETE', `/${id}`, user);
      expect(res.statusCode, user).toBe(403);
    }
    expect((await call('DELETE', `/${id}`, 'administrador')).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 a municipality with members or meetings', async () => {
    const res = await call('DELETE', `/${city['Blumenau']}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Não é possível excluir: o município possui membros ou encontros.');
    expect(await t.db.select().from(municipio).where(eq(municipio.municipioId, city['Blumenau']!))).toHaveLength(1);
  });

  it('deletes an unused municipality with its groups, and answers 404 for another tenant', async () => {
    const id = await insertCity('Garopaba');
    await t.db.insert(municipioGrupo).values({ tenantId: 'sc', municipioId: id, nome: 'Comitê' });
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, id))).toHaveLength(0);
    expect((await call('DELETE', `/${msCityId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/municipio/get-nomes', () => {
  it('lists id and name of the visible municipalities, ignoring accents when sorting', async () => {
    for (const nome of ['Águas Mornas', 'Agronômica', 'Abdon Batista']) await insertCity(nome);
    const res = await call('GET', '/get-nomes');
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().map((m: { nome: string }) => m.nome);
    expect(names.slice(0, 3)).toEqual(['Abdon Batista', 'Agronômica', 'Águas Mornas']);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['municipioId', 'nome']);
    const condutor = (await call('GET', '/get-nomes', 'condutor')).json();
    expect(condutor.map((m: { nome: string }) => m.nome)).toEqual(['Chapecó', 'Florianópolis', 'Joinville']);
  });
});

describe('GET /api/municipio/get-municipios-tema', () => {
  async function themeOf(axis: string) {
    const [row] = await t.db
      .select({ temaId: tema.temaId })
      .from(tema)
      .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
      .where(and(eq(tema.tenantId, 'sc'), eq(eixo.nome, axis)))
      .limit(1);
    return row!.temaId;
  }

  it('lists the visible municipalities with questions on the axis of the theme', async () => {
    const temaId = await themeOf('Turismo');
    const admin = await call('GET', `/get-municipios-tema?temaId=${temaId}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().map((m: { nome: string }) => m.nome)).toEqual(['Florianópolis', 'Itajaí']);
    const condutor = await call('GET', `/get-municipios-tema?temaId=${temaId}`, 'condutor');
    expect(condutor.json().map((m: { nome: string }) => m.nome)).toEqual(['Florianópolis']);
  });

  it("uses another user's visibility only for an admin", async () => {
    const temaId = await themeOf('Ambiente de Negócios');
    const [condutor] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    const [analista] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'analista@demo.local')));
    const onBehalf = await call('GET', `/get-municipios-tema?temaId=${temaId}&usuarioId=${condutor!.usuarioId}`);
    expect(onBehalf.json().map((m: { nome: string }) => m.nome)).toEqual(['Chapecó', 'Florianópolis', 'Joinville']);
    const own = await call('GET', `/get-municipios-tema?temaId=${temaId}&usuarioId=${condutor!.usuarioId}`, 'condutor');
    expect(own.statusCode).toBe(200);
    expect((await call('GET', `/get-municipios-tema?temaId=${temaId}&usuarioId=${analista!.usuarioId}`, 'condutor')).statusCode).toBe(403);
    expect((await call('GET', `/get-municipios-tema?temaId=${temaId}&usuarioId=99999999`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's theme and 400 without temaId", async () => {
    const [msTema] = await t.db.select().from(tema).where(eq(tema.tenantId, 'ms')).limit(1);
    const res = await call('GET', `/get-municipios-tema?temaId=${msTema!.temaId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Tema não encontrado.');
    expect((await call('GET', '/get-municipios-tema')).statusCode).toBe(400);
  });
});

describe('GET /api/municipio/get-mini-dash/{id}', () => {
  it('counts members, groups, questions answered/evidenced/rejected and meetings', async () => {
    const id = city['Florianópolis']!;
    const questions = await t.db.select().from(perguntaMunicipio).where(eq(perguntaMunicipio.municipioId, id));
    const res = await call('GET', `/get-mini-dash/${id}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      municipioId: id,
      membros: (await t.db.select().from(membro).where(eq(membro.municipioId, id))).length,
      grupos: (await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, id))).length,
      perguntasRespondidas: (
        await t.db
          .select()
          .from(perguntaMunicipio)
          .where(and(eq(perguntaMunicipio.municipioId, id), isNotNull(perguntaMunicipio.resposta)))
      ).length,
      perguntasEvidenciadas: questions.filter((q) => q.evidenciada).length,
      perguntasRejeitadas: questions.filter((q) => q.rejeitada).length,
      encontros: (await t.db.select().from(encontro).where(eq(encontro.municipioId, id))).length,
      tarefas: expect.any(Number),
      tarefasCumpridas: expect.any(Number),
      evidenciasAprovadas: expect.any(Number),
      evidenciasRejeitadas: expect.any(Number),
      evidenciasPendentes: expect.any(Number),
      pontos: expect.any(Number),
      selo: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      ultimoRelatorio: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
    });
    expect(res.json().encontros).toBeGreaterThan(0);
    expect(res.json().perguntasRejeitadas).toBeGreaterThan(0);
  });

  it('answers 404 outside the permissions and for another tenant', async () => {
    expect((await call('GET', `/get-mini-dash/${city['Blumenau']}`, 'condutor')).statusCode).toBe(404);
    expect((await call('GET', `/get-mini-dash/${msCityId}`)).statusCode).toBe(404);
  });
});

describe('api/municipio/grupo', () => {
  it('GET ?municipioId= lists the groups of the city with their member counts', async () => {
    const id = city['Joinville']!;
    const res = await call('GET', `/grupo?municipioId=${id}`, 'condutor');
    expect(res.statusCode).toBe(200);
    const groups: { grupoId: number; nome: string; quantidadeMembros: number; municipioId: number }[] = res.json();
    expect(groups).toHaveLength(3);
    for (const g of groups) {
      const links = await t.db.select().from(membroGrupo).where(eq(membroGrupo.grupoId, g.grupoId));
      expect(g.quantidadeMembros).toBe(links.length);
      expect(g.municipioId).toBe(id);
    }
    expect(groups.reduce((sum, g) => sum + g.quantidadeMembros, 0)).toBeGreaterThan(0);
    expect((await call('GET', `/grupo?municipioId=${city['Blumenau']}`, 'condutor')).statusCode).toBe(404);
    expect((await call('GET', `/grupo?municipioId=${msCityId}`)).statusCode).toBe(404);
    expect((await call('GET', '/grupo')).statusCode).toBe(400);
  });

  it('POST creates, GET {id} reads, PUT renames and DELETE removes an empty group', async () => {
    const municipioId = city['Chapecó'];
    const created = await call('POST', '/grupo', 'condutor', { municipioId, nome: ' Câmara Técnica ' });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ municipioId, nome: 'Câmara Técnica', quantidadeMembros: 0 });
    expect((await call('GET', `/grupo/${group.grupoId}`, 'condutor')).json()).toEqual(group);
    const renamed = await call('PUT', '/grupo', 'condutor', { grupoId: group.grupoId, nome: 'Câmara Temática' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().nome).toBe('Câmara Temática');
    expect((await call('DELETE', `/grupo/${group.grupoId}`, 'condutor')).statusCode).toBe(204);
    expect((await call('GET', `/grupo/${group.grupoId}`, 'condutor')).statusCode).toBe(404);
  });

  it('validates the name and refuses a duplicate in the same city with 409', async () => {
    const missing = await call('POST', '/grupo', 'admin', { municipioId: city['Lages'], nome: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Informe o nome do grupo');
    const duplicate = await call('POST', '/grupo', 'admin', { municipioId: city['Lages'], nome: 'Comitê Gestor' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe um grupo com esse nome neste município.');
  });

  it('refuses with 409 to delete a group with members', async () => {
    const [linked] = await t.db
      .select({ grupoId: membroGrupo.grupoId })
      .from(membroGrupo)
      .innerJoin(municipioGrupo, eq(municipioGrupo.grupoId, membroGrupo.grupoId))
      .where(eq(municipioGrupo.municipioId, city['Lages']!))
      .limit(1);
    const res = await call('DELETE', `/grupo/${linked!.grupoId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Não é possível excluir: o grupo possui membros.');
  });

  it('answers 404 for groups outside the permissions or of another tenant', async () => {
    const [blumenau] = await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, city['Blumenau']!)).limit(1);
    const [ms] = await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.tenantId, 'ms')).limit(1);
    expect((await call('GET', `/grupo/${blumenau!.grupoId}`, 'condutor')).json().message).toBe('Grupo não encontrado.');
    expect((await call('PUT', '/grupo', 'condutor', { grupoId: blumenau!.grupoId, nome: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/grupo/${blumenau!.grupoId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('POST', '/grupo', 'condutor', { municipioId: city['Blumenau'], nome: 'X' })).statusCode).toBe(404);
    expect((await call('GET', `/grupo/${ms!.grupoId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/grupo/${ms!.grupoId}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the municipality, group and member routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/municipio/{id}',
      '/api/municipio/get-nomes',
      '/api/municipio/get-mini-dash/{id}',
      '/api/municipio/grupo',
      '/api/municipio/membro/cadastrar-membro',
      '/api/municipio/membro/atualizar-foto-membro',
    ]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });
});
