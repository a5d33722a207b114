import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CRITERIA,
  MYSTERY_SHOPPER_MESSAGES as M,
  type RoundDetail,
  type RoundRow,
  type ShopperInfo,
} from '../../src/domain/mystery-shopper.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * Cliente oculto (issue 31 item 3) against the real app and database: the rounds' lifecycle (create,
 * answer, attach evidence through the resumable upload, finalize, read-only after), the score and
 * the seal written to the municipality, the §6 rules on every endpoint (verClienteOculto; Ouro with
 * naoVerClienteOcultoOuro; naoVerClienteOculto keeps a group to the result), 400s in pt-BR, other
 * tenants' ids, and the public certificate by its unguessable id. The seed's demo groups: the
 * Administrador evaluates, Operacoes sees the result only, the consultant has no tab.
 */

const API = '/api/cliente-oculto';
let t: TestApp;
const city: Record<'ouro' | 'prata' | 'aberta', number> = { ouro: 0, prata: 0, aberta: 0 };
let testCity = 0;

const token = demoSignIns(() => t);
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  tenant = 'sc',
) {
  return t.app.inject({
    method,
    url: `${url}`,
    headers: { ...authHeaders(await token(user, tenant), tenant), ...headers },
    payload: payload as never,
  });
}

const full = Object.fromEntries(CRITERIA.map((c) => [c.id, c.max]));

function input(overrides: Record<string, unknown> = {}) {
  return {
    municipioId: testCity,
    grupo: 'Ciclo de teste',
    dataVisita: '2026-11-20',
    avaliador: 'Avaliadora Teste',
    canal: 'presencial',
    observacoes: '',
    ...overrides,
  };
}

async function created(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', `${API}/rodada`, 'administrador', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RoundDetail;
}

function save(r: RoundDetail, extra: Record<string, unknown> = {}) {
  const { rodadaId, grupo, dataVisita, avaliador, canal, observacoes, respostas } = r;
  return call('PUT', `${API}/rodada`, 'administrador', { rodadaId, grupo, dataVisita, avaliador, canal, observacoes, respostas, ...extra });
}

function pdf(size = 2048): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** A concluded upload for an evidence file, through the real resumable protocol. */
async function uploaded(user: string, bytes = pdf(), nome = 'foto da fachada.pdf'): Promise<string> {
  const start = await call('POST', '/api/upload', user, {
    chave: randomUUID(),
    nome,
    tamanho: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    finalidade: 'anexo',
  });
  expect(start.statusCode, start.body).toBe(201);
  const { uploadId } = start.json() as { uploadId: string };
  const put = await call('PUT', `/api/upload/${uploadId}?offset=0`, user, bytes, { 'content-type': 'application/octet-stream' });
  expect(put.statusCode, put.body).toBe(200);
  expect((await call('POST', `/api/upload/${uploadId}/concluir`, user)).statusCode).toBe(200);
  return uploadId;
}

const setGroupFlag = (grupo: string, flag: 'naoVerClienteOcultoOuro' | 'naoVerClienteOculto' | 'verClienteOculto', on: boolean) =>
  t.db
    .update(s.usuarioGrupo)
    .set({ [flag]: on })
    .where(and(eq(s.usuarioGrupo.tenantId, 'sc'), eq(s.usuarioGrupo.nome, grupo)));
const setSystemFlag = (flag: 'naoVerClienteOcultoOuro', on: boolean) =>
  t.db
    .update(s.configuracao)
    .set({ [flag]: on })
    .where(eq(s.configuracao.tenantId, 'sc'));

beforeAll(async () => {
  t = await createTestApp();
  const seals = await t.db
    .select({ id: s.municipio.municipioId, selo: s.municipio.selo })
    .from(s.municipio)
    .where(eq(s.municipio.tenantId, 'sc'))
    .orderBy(s.municipio.municipioId);
  city.ouro = seals.find((m) => m.selo === 'ouro')!.id;
  city.prata = seals.find((m) => m.selo === 'prata')!.id;
  const [open] = await t.db
    .select()
    .from(s.clienteOcultoRodada)
    .where(and(eq(s.clienteOcultoRodada.tenantId, 'sc'), eq(s.clienteOcultoRodada.finalizada, false)));
  city.aberta = open!.municipioId;
  // A municipality of its own, so the tests' rounds never change the demo's seals.
  const [mine] = await t.db
    .insert(s.municipio)
    .values({ tenantId: 'sc', nome: `Cidade do Cliente Oculto ${randomBytes(2).toString('hex')}`, uf: 'SC' })
    .returning();
  testCity = mine!.municipioId;
});
afterAll(async () => t?.close());

describe('the demo and the result (/info)', () => {
  it('has municipalities with each seal from finished rounds and one with an open round', async () => {
    const rows = await t.db.select().from(s.clienteOcultoRodada).where(eq(s.clienteOcultoRodada.tenantId, 'ms'));
    expect(new Set(rows.filter((r) => r.finalizada).map((r) => r.selo))).toEqual(new Set(['ouro', 'prata', 'bronze', null]));
    expect(rows.some((r) => !r.finalizada)).toBe(true);
  });

  it('shows the current seal, the history of finalized rounds and the certificate to a result-only group', async () => {
    const res = await call('GET', `${API}/info/${city.ouro}`, 'operacoes');
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json() as ShopperInfo;
    expect(info.selo).toBe('ouro');
    expect(info.tokenSelo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(info.historico.map((h) => h.selo)).toEqual(['ouro', 'prata']);
    expect(info.historico[0]!.pontuacao).toBeGreaterThanOrEqual(85);
    expect(info).toMatchObject({ podeVerAvaliacao: false, podeAvaliar: false });
    const admin = (await call('GET', `${API}/info/${city.ouro}`, 'administrador')).json() as ShopperInfo;
    expect(admin).toMatchObject({ podeVerAvaliacao: true, podeAvaliar: true });
  });
});

describe('visibility (spec §6) on every endpoint', () => {
  it('refuses every call to a group without verClienteOculto (403)', async () => {
    for (const [method, url, body] of [
      ['GET', `${API}/info/${city.prata}`],
      ['GET', `${API}/rodadas/${city.prata}`],
      ['POST', `${API}/rodada`, input({ municipioId: city.prata })],
    ] as const) {
      const res = await call(method, url, 'condutor', body);
      expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    // The consultant sees the municipality: the refusal is the tab's, not a hidden municipality.
    const [perm] = await t.db
      .select({ municipioId: s.usuarioPermissao.municipioId })
      .from(s.usuarioPermissao)
      .innerJoin(s.usuario, eq(s.usuario.usuarioId, s.usuarioPermissao.usuarioId))
      .where(eq(s.usuario.email, 'condutor@demo.local'));
    expect((await call('GET', `${API}/info/${perm!.municipioId}`, 'condutor')).statusCode).toBe(403);
    expect((await call('GET', `${API}/rodadas/${perm!.municipioId}`, 'condutor')).statusCode).toBe(403);
  });

  it('naoVerClienteOculto keeps the group to the result: the evaluation is 403, before any body is read', async () => {
    const list = await call('GET', `${API}/rodadas/${city.aberta}`, 'operacoes');
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(M.somenteResultado);
    const [open] = await t.db
      .select()
      .from(s.clienteOcultoRodada)
      .where(and(eq(s.clienteOcultoRodada.municipioId, city.aberta), eq(s.clienteOcultoRodada.finalizada, false)));
    expect((await call('GET', `${API}/rodada/${open!.rodadaId}`, 'operacoes')).statusCode).toBe(403);
    // A garbage body still gets the 403: the rule is decided before the body.
    expect((await call('POST', `${API}/rodada`, 'operacoes', { municipioId: city.aberta, lixo: true })).statusCode).toBe(403);
    expect((await call('PUT', `${API}/rodada/${open!.rodadaId}/finalizar`, 'operacoes')).statusCode).toBe(403);
  });

  it('only administrators evaluate, even when the group sees the evaluation', async () => {
    await setGroupFlag('Operacoes', 'naoVerClienteOculto', false);
    try {
      expect((await call('GET', `${API}/rodadas/${city.aberta}`, 'operacoes')).statusCode).toBe(200);
      const res = await call('POST', `${API}/rodada`, 'operacoes', input({ municipioId: city.aberta }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Apenas administradores podem realizar esta ação.');
    } finally {
      await setGroupFlag('Operacoes', 'naoVerClienteOculto', true);
    }
  });

  it('hides everything of an Ouro municipality from a group with naoVerClienteOcultoOuro (403), and only Ouro', async () => {
    await setGroupFlag('Operacoes', 'naoVerClienteOcultoOuro', true);
    await setSystemFlag('naoVerClienteOcultoOuro', true);
    try {
      expect((await call('GET', `${API}/info/${city.ouro}`, 'operacoes')).statusCode).toBe(403);
      expect((await call('GET', `${API}/info/${city.prata}`, 'operacoes')).statusCode).toBe(200);
      // The full admin is never restricted.
      expect((await call('GET', `${API}/info/${city.ouro}`, 'admin')).statusCode).toBe(200);
      const [round] = await t.db.select().from(s.clienteOcultoRodada).where(eq(s.clienteOcultoRodada.municipioId, city.ouro));
      await setGroupFlag('Administrador', 'naoVerClienteOcultoOuro', true);
      try {
        expect((await call('GET', `${API}/info/${city.ouro}`, 'administrador')).statusCode).toBe(403);
        expect((await call('GET', `${API}/rodadas/${city.ouro}`, 'administrador')).statusCode).toBe(403);
        expect((await call('GET', `${API}/rodada/${round!.rodadaId}`, 'administrador')).statusCode).toBe(403);
        expect((await call('POST', `${API}/rodada`, 'administrador', input({ municipioId: city.ouro }))).statusCode).toBe(403);
        expect((await call('GET', `${API}/rodadas/${city.prata}`, 'administrador')).statusCode).toBe(200);
      } finally {
        await setGroupFlag('Administrador', 'naoVerClienteOcultoOuro', false);
      }
    } finally {
      await setGroupFlag('Operacoes', 'naoVerClienteOcultoOuro', false);
      await setSystemFlag('naoVerClienteOcultoOuro', false);
    }
  });

  it("another tenant's municipality and round are not found (404)", async () => {
    const [other] = await t.db.select().from(s.clienteOcultoRodada).where(eq(s.clienteOcultoRodada.tenantId, 'ms')).limit(1);
    expect((await call('GET', `${API}/rodada/${other!.rodadaId}`, 'administrador')).statusCode).toBe(404);
    expect((await call('GET', `${API}/info/${other!.municipioId}`, 'administrador')).statusCode).toBe(404);
    expect((await call('PUT', `${API}/rodada/${other!.rodadaId}/finalizar`, 'administrador')).statusCode).toBe(404);
  });
});

describe('a round: create, answer, attach, finalize, read-only', () => {
  it('creates, lists, saves answers and files, and scores live', async () => {
    const r = await created();
    expect(r).toMatchObject({ status: 'aberta', pontuacao: 0, selo: null, arquivos: [], tokenSelo: null });
    const uploadId = await uploaded('administrador');
    const res = await save(r, {
      respostas: { 'resolucao-demanda': 1, 'atendimento-clareza': 5 },
      arquivosUploadIds: [uploadId],
      observacoes: 'Visita às 10h.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as RoundDetail;
    expect(saved.respostas).toEqual({ 'resolucao-demanda': 1, 'atendimento-clareza': 5 });
    expect(saved.pontuacao).toBeGreaterThan(0);
    expect(saved.observacoes).toBe('Visita às 10h.');
    expect(saved.arquivos.map((f) => f.nome)).toEqual(['foto da fachada.pdf']);
    const file = await call('GET', `${API}/arquivo/${saved.arquivos[0]!.arquivoId}`, 'administrador');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', `${API}/arquivo/${saved.arquivos[0]!.arquivoId}`, 'operacoes')).statusCode).toBe(403);
    const list = (await call('GET', `${API}/rodadas/${testCity}`, 'administrador')).json() as RoundRow[];
    expect(list.map((x) => x.rodadaId)).toContain(r.rodadaId);
    // Removing the file.
    const removed = await save(saved, { arquivosRemovidos: [saved.arquivos[0]!.arquivoId] });
    expect((removed.json() as RoundDetail).arquivos).toEqual([]);
  });

  it('refuses to finalize with criteria unanswered (400), then freezes score and seal and sets the municipality seal', async () => {
    const r = await created({ dataVisita: '2026-11-21' });
    const early = await call('PUT', `${API}/rodada/${r.rodadaId}/finalizar`, 'administrador');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(M.respostasIncompletas(CRITERIA.length));
    expect((await save(r, { respostas: full })).statusCode).toBe(200);
    const res = await call('PUT', `${API}/rodada/${r.rodadaId}/finalizar`, 'administrador');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as RoundDetail;
    expect(done).toMatchObject({ status: 'finalizada', pontuacao: 100, selo: 'ouro' });
    expect(done.tokenSelo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [m] = await t.db.select({ selo: s.municipio.selo }).from(s.municipio).where(eq(s.municipio.municipioId, testCity));
    expect(m!.selo).toBe('ouro');
    const info = (await call('GET', `${API}/info/${testCity}`, 'operacoes')).json() as ShopperInfo;
    expect(info).toMatchObject({ selo: 'ouro', tokenSelo: done.tokenSelo });

    // Read-only from now on.
    const edit = await save(done, { respostas: {} });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(M.rodadaFinalizada);
    expect((await call('PUT', `${API}/rodada/${r.rodadaId}/finalizar`, 'administrador')).statusCode).toBe(409);
    expect((await call('DELETE', `${API}/rodada/${r.rodadaId}`, 'administrador')).statusCode).toBe(409);

    // A later round with a lower score becomes the municipality's seal; below 50 % there is none.
    const later = await created({ dataVisita: '2026-11-25' });
    const low = Object.fromEntries(CRITERIA.map((c) => [c.id, 0]));
    await save(later, { respostas: low });
    const lowDone = (await call('PUT', `${API}/rodada/${later.rodadaId}/finalizar`, 'administrador')).json() as RoundDetail;
    expect(lowDone).toMatchObject({ pontuacao: 0, selo: null, tokenSelo: null });
    const [after] = await t.db.select({ selo: s.municipio.selo }).from(s.municipio).where(eq(s.municipio.municipioId, testCity));
    expect(after!.selo).toBeNull();
  });

  it('deletes an open round (204), which is then not found', async () => {
    const r = await created();
    expect((await call('DELETE', `${API}/rodada/${r.rodadaId}`, 'administrador')).statusCode).toBe(204);
    const gone = await call('GET', `${API}/rodada/${r.rodadaId}`, 'administrador');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.rodadaNaoEncontrada);
  });
});

describe('malformed input: 400 in Portuguese, never 500', () => {
  it.each([
    [{ canal: 'carta' }, M.canalInvalido],
    [{ avaliador: '  ' }, 'Informe o avaliador'],
    [{ grupo: '' }, 'Informe o grupo (ciclo) da avaliação'],
    [{ dataVisita: '20/11/2026' }, 'Data da visita inválida'],
    [{ municipioId: 'x' }, 'Campo Obrigatório'],
  ])('refuses to create %j', async (overrides, message) => {
    const res = await call('POST', `${API}/rodada`, 'administrador', input(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
  });

  it('refuses unknown criteria and answers out of range, and ids that are not ids', async () => {
    const r = await created();
    const unknown = await save(r, { respostas: { inventado: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.criterioDesconhecido('inventado'));
    const range = await save(r, { respostas: { 'acesso-horario': 3 } });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('Resposta inválida para o critério');
    expect((await call('GET', `${API}/rodada/abc`, 'administrador')).statusCode).toBe(400);
    expect((await call('GET', `${API}/info/0`, 'administrador')).statusCode).toBe(400);
  });
});

describe('the public seal certificate', () => {
  it('downloads the PDF without login by its id; a wrong or malformed id is 404', async () => {
    const info = (await call('GET', `${API}/info/${city.ouro}`, 'administrador')).json() as ShopperInfo;
    const res = await t.app.inject({ method: 'GET', url: `${API}/selo/download/${info.tokenSelo}`, headers: { database: 'sc' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = readPdf(res.rawPayload.toString('latin1')).lines.join('\n');
    expect(text).toContain('Selo Cliente Oculto Ouro');
    for (const wrong of [randomBytes(32).toString('base64url'), 'abc', String(info.historico[0]!.rodadaId)]) {
      const miss = await t.app.inject({ method: 'GET', url: `${API}/selo/download/${wrong}`, headers: { database: 'sc' } });
      expect(miss.statusCode).toBe(404);
      expect(miss.json().message).toBe(M.certificadoNaoEncontrado);
    }
    // Another tenant's certificate is not found from this one.
    const [other] = await t.db
      .select()
      .from(s.clienteOcultoRodada)
      .where(and(eq(s.clienteOcultoRodada.tenantId, 'ms'), eq(s.clienteOcultoRodada.selo, 'ouro')));
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/selo/download/${other!.tokenSelo}`, headers: { database: 'sc' } })).statusCode,
    ).toBe(404);
  });
});
