import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { perguntaMunicipio } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/** The questions family of registers (issue 17): api/pergunta/pergunta, api/pergunta-faixa-resposta, api/Pacote, api/Medalha. */
let t: TestApp;
const tokens: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown, tenant = 'sc') =>
  t.app.inject({ method, url, headers: authHeaders(token, tenant), payload: payload as object });
const admin = (method: Method, url: string, payload?: unknown) => call(method, url, tokens.admin!, payload);

type Question = {
  perguntaId: number;
  numero: number;
  temaId: number;
  nacional: boolean;
  pacoteId: number | null;
  faixas: Array<{ faixaNome: string }>;
};
let temaId = 0;
let nationalTheme = false;
let msTemaId = 0;
let pacoteId = 0;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t, 'admin@demo.local');
  tokens.condutor = await login(t, 'condutor@demo.local');
  tokens.msAdmin = await login(t, 'admin@demo.local', 'ms');
  const themes = (await admin('GET', '/api/Tema')).json() as Array<{ temaId: number; nacional: boolean }>;
  temaId = themes[0]!.temaId;
  nationalTheme = themes[0]!.nacional;
  msTemaId = ((await call('GET', '/api/Tema', tokens.msAdmin!, undefined, 'ms')).json() as Array<{ temaId: number }>)[0]!.temaId;
  pacoteId = ((await admin('GET', '/api/Pacote')).json() as Array<{ pacoteId: number }>)[0]!.pacoteId;
});
afterAll(async () => t?.close());

const newQuestion = (extra: object = {}) => ({
  numero: 90,
  texto: 'O município publica a agenda de compras?',
  pontos: 7,
  temaId,
  ...extra,
});

describe('api/pergunta/pergunta', () => {
  it('lists the seeded questions with theme, axis, package and score ranges', async () => {
    const list = (await admin('GET', '/api/pergunta/pergunta')).json() as Question[];
    expect(list.length).toBeGreaterThan(10);
    expect(list.some((q) => q.pacoteId !== null)).toBe(true);
    expect(list.find((q) => q.perguntaId === 5)?.faixas.map((f) => f.faixaNome)).toEqual([
      'Não atende',
      'Atende parcialmente',
      'Atende integralmente',
    ]);
  });

  it('creates with the next id of the tenant, reads, edits, and deletes a question with its ranges', async () => {
    const before = (await admin('GET', '/api/pergunta/pergunta/retonar-ultima-pergunta-cadastrada')).json() as Question;
    const created = await admin('POST', '/api/pergunta/pergunta', newQuestion({ pacoteId, possuiComentario: true }));
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json() as Question & { texto: string; evidencia: boolean; possuiComentario: boolean };
    expect(q).toMatchObject({
      perguntaId: before.perguntaId + 1,
      numero: 90,
      temaId,
      pacoteId,
      evidencia: true,
      possuiComentario: true,
      faixas: [],
    });
    expect(q.nacional).toBe(nationalTheme);
    const last = (await admin('GET', '/api/pergunta/pergunta/retonar-ultima-pergunta-cadastrada')).json() as Question;
    expect(last.perguntaId).toBe(q.perguntaId);

    const edited = await admin('PUT', '/api/pergunta/pergunta', {
      ...newQuestion({ texto: 'Agenda de compras publicada?', pontos: 3 }),
      perguntaId: q.perguntaId,
      pacoteId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ texto: 'Agenda de compras publicada?', pontos: 3, pacoteId: null, pacoteNome: null });

    const range = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: q.perguntaId, faixaNome: 'Parcial', faixaPontos: 1.5 });
    expect(range.statusCode, range.body).toBe(201);
    expect((await admin('GET', `/api/pergunta/pergunta/${q.perguntaId}`)).json().faixas).toEqual([
      { perguntaFaixaRespostaId: range.json().perguntaFaixaRespostaId, faixaNome: 'Parcial', faixaPontos: 1.5 },
    ]);

    const usage = await admin('GET', `/api/pergunta/pergunta/atualizar-quantidade/${q.perguntaId}`);
    expect(usage.json()).toEqual({
      perguntaId: q.perguntaId,
      quantidadeMunicipios: 0,
      quantidadeRespondidas: 0,
      quantidadeAcompanhamentos: 0,
    });

    expect((await admin('DELETE', `/api/pergunta/pergunta/${q.perguntaId}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/pergunta/pergunta/${q.perguntaId}`)).statusCode).toBe(404);
    expect((await admin('GET', `/api/pergunta-faixa-resposta/${range.json().perguntaFaixaRespostaId}`)).statusCode).toBe(404);
  });

  it('counts the municipalities and follow-ups of a seeded question, and refuses its deletion (409)', async () => {
    const usage = (await admin('GET', '/api/pergunta/pergunta/atualizar-quantidade/1')).json();
    expect(usage.quantidadeMunicipios).toBeGreaterThan(0);
    expect(usage.quantidadeRespondidas).toBeLessThanOrEqual(usage.quantidadeMunicipios);
    const refused = await admin('DELETE', '/api/pergunta/pergunta/1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Não é possível excluir a pergunta: há registros que a usam.');
    expect((await admin('GET', '/api/pergunta/pergunta/atualizar-quantidade/999999')).statusCode).toBe(404);
  });

  it('answers 400 in pt-BR for missing fields and other tenants’ themes, 403 to a consultant', async () => {
    const missing = await admin('POST', '/api/pergunta/pergunta', { numero: 'x', texto: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('O texto é obrigatório');
    expect(missing.body).toContain('Campo Obrigatório');
    expect(missing.body).toContain('Número: informe um número');
    const foreign = await admin('POST', '/api/pergunta/pergunta', newQuestion({ temaId: msTemaId }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Tema não encontrado.');
    expect((await call('POST', '/api/pergunta/pergunta', tokens.condutor!, newQuestion())).statusCode).toBe(403);
    expect((await call('DELETE', '/api/pergunta/pergunta/2', tokens.condutor!)).statusCode).toBe(403);
  });

  it('keeps ids per tenant: a new ms question does not see sc questions', async () => {
    const created = await call('POST', '/api/pergunta/pergunta', tokens.msAdmin!, newQuestion({ temaId: msTemaId }), 'ms');
    expect(created.statusCode, created.body).toBe(201);
    const msLast = (
      await call('GET', '/api/pergunta/pergunta/retonar-ultima-pergunta-cadastrada', tokens.msAdmin!, undefined, 'ms')
    ).json();
    expect(msLast.perguntaId).toBe(created.json().perguntaId);
    const scView = await admin('GET', `/api/pergunta/pergunta/${created.json().perguntaId}`);
    // The same id may exist in sc; if so it is sc's own question, never ms's text.
    if (scView.statusCode === 200) expect(scView.json().temaId).not.toBe(msTemaId);
    expect((await call('DELETE', `/api/pergunta/pergunta/${created.json().perguntaId}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(
      204,
    );
  });
});

describe('api/pergunta-faixa-resposta', () => {
  it('creates, edits and deletes a range; 409 for a duplicate name on the question; siblings by faixaId', async () => {
    const created = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: 4, faixaNome: 'Mínima', faixaPontos: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().perguntaFaixaRespostaId as number;
    expect(created.json()).toMatchObject({ perguntaId: 4, faixaNome: 'Mínima', faixaPontos: 1, perguntaNumero: expect.any(Number) });
    const dup = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: 4, faixaNome: 'Mínima', faixaPontos: 2 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Já existe uma faixa com este nome.');
    const second = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: 4, faixaNome: 'Máxima', faixaPontos: 8.25 });
    const siblings = (await admin('GET', `/api/pergunta-faixa-resposta/get-perguntas-faixa-resposta-by-faixaId/${id}`)).json() as Array<{
      faixaNome: string;
    }>;
    expect(siblings.map((r) => r.faixaNome)).toEqual(['Mínima', 'Máxima']);
    const edited = await admin('PUT', '/api/pergunta-faixa-resposta', {
      perguntaFaixaRespostaId: id,
      perguntaId: 4,
      faixaNome: 'Baixa',
      faixaPontos: 0.5,
    });
    expect(edited.json()).toMatchObject({ faixaNome: 'Baixa', faixaPontos: 0.5 });
    for (const rid of [id, second.json().perguntaFaixaRespostaId])
      expect((await admin('DELETE', `/api/pergunta-faixa-resposta/${rid}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/pergunta-faixa-resposta/get-perguntas-faixa-resposta-by-faixaId/${id}`)).statusCode).toBe(404);
  });

  it('refuses deleting a range a municipality chose (409), bad input (400 pt-BR), a consultant (403), another tenant (404/400)', async () => {
    // An analyst chose a range of question 5 for one municipality (what finalizing an analysis writes).
    const ranges = (await admin('GET', '/api/pergunta-faixa-resposta')).json() as Array<{
      perguntaFaixaRespostaId: number;
      perguntaId: number;
    }>;
    const chosen = ranges.find((r) => r.perguntaId === 5)!;
    const [pm] = await t.db
      .update(perguntaMunicipio)
      .set({ perguntaFaixaRespostaId: chosen.perguntaFaixaRespostaId })
      .where(and(eq(perguntaMunicipio.tenantId, 'sc'), eq(perguntaMunicipio.perguntaId, 5)))
      .returning({ id: perguntaMunicipio.perguntaMunicipioId });
    expect(pm).toBeDefined();
    const refused = await admin('DELETE', `/api/pergunta-faixa-resposta/${chosen.perguntaFaixaRespostaId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Não é possível excluir a faixa: há registros que a usam.');

    const bad = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: 4, faixaNome: '', faixaPontos: 1.234 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('O nome da faixa é obrigatório');
    expect(bad.body).toContain('Pontos: no máximo duas casas decimais');
    expect(
      (await call('POST', '/api/pergunta-faixa-resposta', tokens.condutor!, { perguntaId: 4, faixaNome: 'X', faixaPontos: 1 })).statusCode,
    ).toBe(403);
    const missingQuestion = await admin('POST', '/api/pergunta-faixa-resposta', { perguntaId: 987654, faixaNome: 'X', faixaPontos: 1 });
    expect(missingQuestion.statusCode).toBe(400);
    expect(missingQuestion.json().message).toBe('Pergunta não encontrada.');
    const scRange = ranges[0]!.perguntaFaixaRespostaId;
    expect((await call('GET', `/api/pergunta-faixa-resposta/${scRange}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/pergunta-faixa-resposta/${scRange}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('api/Pacote and api/Medalha', () => {
  it('package CRUD; 409 when questions use it; 403 consultant; another tenant 404', async () => {
    const created = await admin('POST', '/api/Pacote', { nome: 'Pacote Teste', descricao: 'Para o teste' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().pacoteId as number;
    expect((await admin('PUT', '/api/Pacote', { pacoteId: id, nome: 'Pacote Renomeado' })).json()).toMatchObject({
      nome: 'Pacote Renomeado',
      descricao: '',
    });
    expect((await admin('POST', '/api/Pacote', { nome: 'Pacote Renomeado' })).statusCode).toBe(409);
    expect((await admin('POST', '/api/Pacote', { nome: '' })).json().message).toContain('O nome é obrigatório');
    expect((await call('POST', '/api/Pacote', tokens.condutor!, { nome: 'Negado' })).statusCode).toBe(403);
    expect((await call('GET', `/api/Pacote/${id}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/Pacote/${id}`)).statusCode).toBe(204);
    const used = await admin('DELETE', `/api/Pacote/${pacoteId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Não é possível excluir o pacote: há registros que o usam.');
    const foreign = await call('POST', '/api/pergunta/pergunta', tokens.msAdmin!, newQuestion({ temaId: msTemaId, pacoteId }), 'ms');
    expect(foreign.statusCode).toBe(400);
  });

  it('medal CRUD with the three levels; 400 for an unknown level; 403 consultant', async () => {
    const seeded = (await admin('GET', '/api/Medalha')).json() as Array<{ nivel: string }>;
    expect(seeded.map((m) => m.nivel).sort()).toEqual(['bronze', 'ouro', 'prata']);
    const created = await admin('POST', '/api/Medalha', { nome: 'Medalha Diamante', nivel: 'ouro', pontuacaoMinima: 500 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().medalhaId as number;
    expect(
      (
        await admin('PUT', '/api/Medalha', {
          medalhaId: id,
          nome: 'Medalha Especial',
          nivel: 'prata',
          pontuacaoMinima: 250,
          descricao: 'x',
        })
      ).json(),
    ).toMatchObject({
      nivel: 'prata',
      pontuacaoMinima: 250,
    });
    const bad = await admin('POST', '/api/Medalha', { nome: 'Platina', nivel: 'platina', pontuacaoMinima: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Campo Obrigatório');
    expect(bad.body).toContain('Pontuação mínima: o mínimo é 0');
    expect((await call('DELETE', `/api/Medalha/${id}`, tokens.condutor!)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Medalha/${id}`, tokens.msAdmin!, undefined, 'ms')).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/Medalha/${id}`)).statusCode).toBe(204);
  });
});
