import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  actionPlanSchema,
  finalizationSummarySchema,
  finishedThemesSchema,
  FOLLOWUP_MESSAGES,
  followupListSchema,
  followupSchema,
  newFollowupResponseSchema,
  pendingPointsSchema,
  type Followup,
} from '../../src/domain/followups.ts';
import { offlineBundleSchema } from '../../src/domain/offline-bundle.ts';
import { offlineBundleSummarySchema } from '../../src/domain/offline-bundle-summary.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/domain/uploads.ts';
import {
  acompanhamento,
  acompanhamentoPergunta,
  configuracao,
  eixo,
  grupoSolucaoEixo,
  municipio,
  municipioGrupoSolucao,
  municipioSolucao,
  pergunta,
  perguntaMunicipio,
  tema,
  usuario,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Follow-ups API (issue 14): every endpoint of api/acompanhamento against the seeded demo, the
 * access rules of spec §6 (403/404), the id-0 failure path, the points discount computed from the
 * questions' real states, the answer rules (recurrent, finalized) and two concurrent answers.
 *
 * Seeded (server/seed/followups.ts): in Florianópolis, finalized Compras Governamentais,
 * Desburocratização (condutor) and Educação Empreendedora (membro), the diagnostic (condutor), open
 * Sala do Empreendedor (membro), Desenvolvimento Econômico Local (condutor) and Desburocratização
 * again (membro, nothing answered); in Joinville,
 * finalized Sala do Empreendedor, the diagnostic and open Desenvolvimento Econômico Local (condutor).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const city: Record<string, number> = {};
const theme: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, user: string, payload?: object, extra: Record<string, string> = {}) {
  const [who, tenant = 'sc'] = user.split('@');
  tokens[user] ??= await login(t, `${who}@demo.local`, tenant);
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...authHeaders(tokens[user]!, tenant), ...extra },
    payload: payload as never,
  });
}

async function followupsOf(municipioId: number) {
  return t.db
    .select()
    .from(acompanhamento)
    .where(and(eq(acompanhamento.tenantId, 'sc'), eq(acompanhamento.municipioId, municipioId)));
}

async function seeded(municipioId: number, nome: string, finalizado?: boolean) {
  const row = (await followupsOf(municipioId)).find((f) => f.nome === nome && (finalizado === undefined || f.finalizado === finalizado));
  if (!row) throw new Error(`seeded follow-up ${nome} not found`);
  return row;
}

async function openFollowup(id: number, user = 'admin'): Promise<Followup> {
  const res = await call('GET', `/acompanhamento/${id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return followupSchema.parse(res.json());
}

/** Joinville's Compras Governamentais questions: 9 (10 pts), 10 (recurrent), 11. */
async function prepareJoinvilleCompras() {
  const joinville = city['Joinville']!;
  const ids = (
    await t.db
      .select()
      .from(pergunta)
      .where(and(eq(pergunta.tenantId, 'sc'), eq(pergunta.temaId, theme['Compras Governamentais']!)))
  ).map((q) => q.perguntaId);
  expect(ids.sort((a, b) => a - b)).toEqual([9, 10, 11]);
  const set = (perguntaId: number, values: Partial<typeof perguntaMunicipio.$inferInsert>) =>
    t.db
      .update(perguntaMunicipio)
      .set(values)
      .where(and(eq(perguntaMunicipio.municipioId, joinville), eq(perguntaMunicipio.perguntaId, perguntaId)));
  // 9: Sim, evidence required and never sent: discounted. 10: unanswered. 11: Nao, with a rejected evidence.
  await set(9, { resposta: true, salvo: true, evidenciada: false, rejeitada: false });
  await set(10, { resposta: null, salvo: false, evidenciada: false, rejeitada: false });
  await set(11, { resposta: false, salvo: true, evidenciada: true, rejeitada: true });
  return joinville;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  for (const x of await t.db.select().from(tema).where(eq(tema.tenantId, 'sc'))) theme[x.nome] = x.temaId;
});
afterAll(async () => t?.close());

describe('GET acompanhamentos/{municipioId}: the list', () => {
  it('lists the seeded follow-ups newest first, with counts from their answers and points for those who may see them', async () => {
    const floripa = city['Florianópolis']!;
    const res = await call('GET', `/acompanhamento/acompanhamentos/${floripa}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const list = followupListSchema.parse(res.json());
    const stored = await followupsOf(floripa);
    expect(list.map((f) => f.acompanhamentoId).sort()).toEqual(stored.map((f) => f.acompanhamentoId).sort());
    expect(list.length).toBeGreaterThanOrEqual(6);
    const created = list.map((f) => f.criacao);
    expect(created).toEqual([...created].sort().reverse());
    expect(list.filter((f) => f.diagnostico)).toHaveLength(1);
    expect(list.some((f) => f.finalizado)).toBe(true);
    expect(list.some((f) => !f.finalizado && !f.diagnostico)).toBe(true);

    for (const item of list) {
      const answers = await t.db
        .select()
        .from(acompanhamentoPergunta)
        .where(eq(acompanhamentoPergunta.acompanhamentoId, item.acompanhamentoId));
      expect(item.total).toBe(answers.length);
      expect(item.sim).toBe(answers.filter((a) => a.respondida && a.resposta === true).length);
      expect(item.nao).toBe(answers.filter((a) => a.respondida && a.resposta === false).length);
      expect(item.pontos).toBe(answers.reduce((sum, a) => sum + a.pontosEspecificos, 0));
    }
  });

  it('sends no points to a user without verPontosAcoesAcompanhamento (the member)', async () => {
    const res = await call('GET', `/acompanhamento/acompanhamentos/${city['Florianópolis']}`, 'membro');
    expect(res.statusCode, res.body).toBe(200);
    const list = followupListSchema.parse(res.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => f.pontos === null)).toBe(true);
    const one = await openFollowup(list[0]!.acompanhamentoId, 'membro');
    expect(one.pontos).toBeNull();
    expect(one.perguntas.every((q) => q.pontos_especificos === null && q.pergunta.pontos === null)).toBe(true);
  });

  it('shows a user without verTodosEixos only the follow-ups of their axes, and always the diagnostic one', async () => {
    const floripa = city['Florianópolis']!;
    const list = followupListSchema.parse((await call('GET', `/acompanhamento/acompanhamentos/${floripa}`, 'especialista')).json());
    const axes = await t.db.select().from(eixo).where(eq(eixo.tenantId, 'sc'));
    const mine = new Set(axes.filter((a) => ['Empreendedorismo na Escola', 'Turismo'].includes(a.nome)).map((a) => a.eixoId));
    expect(list.map((f) => f.nome).sort()).toEqual(['Diagnóstico', 'Educação Empreendedora']);
    expect(list.filter((f) => !f.diagnostico).every((f) => mine.has(f.tema!.eixoId))).toBe(true);
    // Inside the diagnostic one, only the questions of their axes.
    const diagnostic = await openFollowup(list.find((f) => f.diagnostico)!.acompanhamentoId, 'especialista');
    expect(diagnostic.perguntas.length).toBeGreaterThan(0);
    expect(diagnostic.perguntas.every((q) => mine.has(q.pergunta.tema.eixoId))).toBe(true);
    const full = await openFollowup(diagnostic.acompanhamentoId, 'admin');
    expect(diagnostic.perguntas.length).toBeLessThan(full.perguntas.length);
    // A follow-up of another axis is refused.
    const compras = await seeded(floripa, 'Compras Governamentais');
    const refused = await call('GET', `/acompanhamento/${compras.acompanhamentoId}`, 'especialista');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
  });

  it('answers 404 for a municipality the user does not see or of another tenant, 403 without the Acompanhamento tab', async () => {
    expect((await call('GET', `/acompanhamento/acompanhamentos/${city['Joinville']}`, 'membro')).statusCode).toBe(404);
    const ms = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
    expect((await call('GET', `/acompanhamento/acompanhamentos/${ms}`, 'admin')).statusCode).toBe(404);
    // The room group (Sala do Empreendedor) does not open the tab of its municipality.
    const sala = await call('GET', `/acompanhamento/acompanhamentos/${city['Chapecó']}`, 'sala');
    expect(sala.statusCode).toBe(403);
    expect((await call('GET', '/acompanhamento/acompanhamentos/abc', 'admin')).statusCode).toBe(400);
  });
});

describe('access decided before the body (issue 26 item 2)', () => {
  it('refuses a user without the Acompanhamento tab (403) or who does not see the municipality (404) whatever body they send', async () => {
    const chapeco = city['Chapecó']!;
    const joinville = city['Joinville']!;
    for (const payload of [{ municipioId: chapeco, temaId: 'x' }, { municipioId: chapeco }]) {
      expect((await call('POST', '/acompanhamento', 'sala', payload)).statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect((await call('POST', '/acompanhamento', 'membro', { municipioId: joinville, temaId: -1 })).statusCode).toBe(404);
    const diagnostic = await seeded(city['Florianópolis']!, 'Diagnóstico');
    const answer = await call('POST', '/acompanhamento/acompanhamentos/acompanhamento-intermediario', 'sala', {
      acompanhamentoId: diagnostic.acompanhamentoId,
      respostas: 'x',
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('GET api/acompanhamento/{id}', () => {
  it('gives the follow-up whole, as stored, with its questions sorted by number', async () => {
    const row = await seeded(city['Florianópolis']!, 'Sala do Empreendedor', false);
    const followup = await openFollowup(row.acompanhamentoId, 'condutor');
    const stored = await t.db
      .select()
      .from(acompanhamentoPergunta)
      .where(eq(acompanhamentoPergunta.acompanhamentoId, row.acompanhamentoId));
    expect(followup).toMatchObject({
      acompanhamentoId: row.acompanhamentoId,
      nome: 'Sala do Empreendedor',
      finalizado: false,
      diagnostico: false,
    });
    expect(followup.tema).toEqual({ temaId: theme['Sala do Empreendedor'], eixoId: expect.any(Number) });
    expect(followup.perguntas.map((q) => q.acompanhamentoPerguntaId).sort()).toEqual(stored.map((q) => q.acompanhamentoPerguntaId).sort());
    const numbers = followup.perguntas.map((q) => q.pergunta.numero);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(followup.perguntas.some((q) => q.pergunta.recorrente)).toBe(true);
  });

  it("answers 404 for another tenant's follow-up, or one of a municipality the user does not see", async () => {
    const [ms] = await t.db.select().from(acompanhamento).where(eq(acompanhamento.tenantId, 'ms')).limit(1);
    expect((await call('GET', `/acompanhamento/${ms!.acompanhamentoId}`, 'admin')).statusCode).toBe(404);
    const joinville = await seeded(city['Joinville']!, 'Diagnóstico');
    const hidden = await call('GET', `/acompanhamento/${joinville.acompanhamentoId}`, 'membro');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: FOLLOWUP_MESSAGES.notFound });
    expect((await call('GET', '/acompanhamento/99999999', 'admin')).statusCode).toBe(404);
  });
});

describe('creating a follow-up', () => {
  it('discounts the non-evidenced Sim answers of the theme, as pontos-nao-evidenciados announced, and opens the same follow-up again', async () => {
    const joinville = await prepareJoinvilleCompras();
    const temaId = theme['Compras Governamentais']!;
    const pending = await call('GET', `/acompanhamento/acompanhamentos/pontos-nao-evidenciados/tema/${joinville}/${temaId}`, 'condutor');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pendingPointsSchema.parse(pending.json())).toEqual({ pontosNaoEvidenciados: 10, perguntasRejeitadas: true });

    const res = await call('POST', '/acompanhamento', 'condutor', { municipioId: joinville, temaId });
    expect(res.statusCode, res.body).toBe(200);
    const created = newFollowupResponseSchema.parse(res.json());
    expect(created).toEqual({ acompanhamentoId: expect.any(Number), pontosNaoEvidenciados: 10, perguntasRejeitadas: true });
    expect(created.acompanhamentoId).toBeGreaterThan(0);

    // The discounted answer is cleared for the municipality; the others start as the municipality answered.
    const [q9] = await t.db
      .select()
      .from(perguntaMunicipio)
      .where(and(eq(perguntaMunicipio.municipioId, joinville), eq(perguntaMunicipio.perguntaId, 9)));
    expect(q9!.resposta).toBeNull();
    const followup = await openFollowup(created.acompanhamentoId, 'condutor');
    const byId = new Map(followup.perguntas.map((q) => [q.perguntaId, q]));
    expect(byId.get(9)).toMatchObject({ respondida: false, resposta: null, pontos_especificos: 0 });
    expect(byId.get(10)).toMatchObject({ respondida: false, resposta: null });
    expect(byId.get(11)).toMatchObject({ respondida: true, resposta: false, pontos_especificos: 0 });
    expect(followup).toMatchObject({
      nome: 'Compras Governamentais',
      diagnostico: false,
      finalizado: false,
      total: 3,
      sim: 0,
      nao: 1,
      pontos: 0,
    });
    expect(followup.usuarioId).toBe((await t.db.select().from(usuario).where(eq(usuario.email, 'condutor@demo.local')))[0]!.usuarioId);

    // Again (POST or GET novo/tema): the same open follow-up, nothing discounted twice.
    const again = await call('POST', '/acompanhamento', 'condutor', { municipioId: joinville, temaId });
    expect(again.json()).toMatchObject({ acompanhamentoId: created.acompanhamentoId, pontosNaoEvidenciados: 10 });
    const viaGet = await call('GET', `/acompanhamento/acompanhamentos/novo/tema/${joinville}/${temaId}`, 'condutor');
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    expect(viaGet.json().acompanhamentoId).toBe(created.acompanhamentoId);
    const open = (await followupsOf(joinville)).filter((f) => f.temaId === temaId && !f.finalizado);
    expect(open).toHaveLength(1);
  });

  it('refuses creation without novoAcompanhamento (403, pt-BR), creating nothing', async () => {
    const joinville = city['Joinville']!;
    const before = (await followupsOf(joinville)).length;
    const res = await call('POST', '/acompanhamento', 'analista', { municipioId: joinville, temaId: theme['Gestão de Contratos']! });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOLLOWUP_MESSAGES.cannotCreate });
    expect((await followupsOf(joinville)).length).toBe(before);
    // Opening an existing one is a read: the analyst may.
    const open = await seeded(joinville, 'Desenvolvimento Econômico Local', false);
    const existing = await call('GET', `/acompanhamento/acompanhamentos/novo/tema/${joinville}/${open.temaId}`, 'analista');
    expect(existing.statusCode, existing.body).toBe(200);
    expect(existing.json().acompanhamentoId).toBe(open.acompanhamentoId);
  });

  it('refuses a theme on an axis the user does not see (403) and an unknown theme (404)', async () => {
    const floripa = city['Florianópolis']!;
    const res = await call('POST', '/acompanhamento', 'especialista', { municipioId: floripa, temaId: theme['Gestão de Contratos']! });
    expect(res.statusCode).toBe(403);
    expect((await call('POST', '/acompanhamento', 'admin', { municipioId: floripa, temaId: 99999999 })).statusCode).toBe(404);
    expect(
      (await call('POST', '/acompanhamento', 'membro', { municipioId: city['Joinville']!, temaId: theme['Planejamento Turístico']! }))
        .statusCode,
    ).toBe(404);
  });

  it('answers acompanhamentoId 0 and creates nothing for a non-vigente municipality with only non-national questions in the theme', async () => {
    const joinville = city['Joinville']!;
    const temaId = theme['Formação de Professores']!;
    await t.db.update(municipio).set({ statusRelacionamento: 2 }).where(eq(municipio.municipioId, joinville));
    onTestFinished(async () => {
      await t.db.update(municipio).set({ statusRelacionamento: 4 }).where(eq(municipio.municipioId, joinville));
      await t.db
        .update(configuracao)
        .set({ municipiosNaoVigentesRespondemPerguntasNacionais: true })
        .where(eq(configuracao.tenantId, 'sc'));
    });
    const before = (await followupsOf(joinville)).length;
    const res = await call('POST', '/acompanhamento', 'condutor', { municipioId: joinville, temaId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acompanhamentoId: 0, pontosNaoEvidenciados: 0, perguntasRejeitadas: false });
    expect((await followupsOf(joinville)).length).toBe(before);

    // With the rule off, the same municipality answers the theme's questions.
    await t.db.update(configuracao).set({ municipiosNaoVigentesRespondemPerguntasNacionais: false }).where(eq(configuracao.tenantId, 'sc'));
    const allowed = await call('POST', '/acompanhamento', 'condutor', { municipioId: joinville, temaId });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().acompanhamentoId).toBeGreaterThan(0);
  });

  it('opens or creates the diagnostic follow-up (no theme, every question), once per municipality', async () => {
    const floripa = city['Florianópolis']!;
    const existing = await seeded(floripa, 'Diagnóstico');
    const res = await call('GET', `/acompanhamento/acompanhamentos/novo/${floripa}`, 'membro');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().acompanhamentoId).toBe(existing.acompanhamentoId);

    const chapeco = city['Chapecó']!;
    expect((await followupsOf(chapeco)).some((f) => f.diagnostico)).toBe(false);
    const pending = pendingPointsSchema.parse(
      (await call('GET', `/acompanhamento/acompanhamentos/pontos-nao-evidenciados/${chapeco}`, 'condutor')).json(),
    );
    const [first, second] = await Promise.all([
      call('GET', `/acompanhamento/acompanhamentos/novo/${chapeco}`, 'condutor'),
      call('GET', `/acompanhamento/acompanhamentos/novo/${chapeco}`, 'condutor'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().acompanhamentoId).toBe(second.json().acompanhamentoId);
    expect(first.json().pontosNaoEvidenciados).toBe(pending.pontosNaoEvidenciados);
    const diagnostics = (await followupsOf(chapeco)).filter((f) => f.diagnostico);
    expect(diagnostics).toHaveLength(1);
    const followup = await openFollowup(diagnostics[0]!.acompanhamentoId, 'condutor');
    expect(followup).toMatchObject({ nome: 'Diagnóstico', diagnostico: true, tema: null });
    const municipalityQuestions = await t.db.select().from(perguntaMunicipio).where(eq(perguntaMunicipio.municipioId, chapeco));
    expect(followup.total).toBe(municipalityQuestions.length);
  });

  it('answers malformed bodies with 400 and a pt-BR message', async () => {
    for (const payload of [{}, { municipioId: 'x', temaId: 1 }, { municipioId: -1, temaId: 1 }, { municipioId: 1.5, temaId: 2 }]) {
      const res = await call('POST', '/acompanhamento', 'admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[a-zà-ú]/i);
      expect(res.json().message).not.toMatch(/expected|invalid input|required/i);
    }
  });
});

describe('answering', () => {
  let followupId = 0;
  const q: Record<number, number> = {};
  const answer = (user: string, respostas: object[], extra?: Record<string, string>) =>
    call('POST', '/acompanhamento/acompanhamentos/acompanhamento-intermediario', user, { acompanhamentoId: followupId, respostas }, extra);

  beforeAll(async () => {
    // Joinville's open Compras Governamentais follow-up (made here, or the one the creation test made:
    // nothing answers it before this block): 9 and 10 unanswered, 11 answered Nao.
    const joinville = await prepareJoinvilleCompras();
    const res = await call('POST', '/acompanhamento', 'condutor', { municipioId: joinville, temaId: theme['Compras Governamentais']! });
    expect(res.statusCode, res.body).toBe(200);
    followupId = newFollowupResponseSchema.parse(res.json()).acompanhamentoId;
    for (const x of (await openFollowup(followupId)).perguntas) q[x.perguntaId] = x.acompanhamentoPerguntaId;
  });

  it('keeps the first of two concurrent answers to a non-recurrent question and refuses the other with 409', async () => {
    const [a, b] = await Promise.all([
      answer('condutor', [{ acompanhamentoPerguntaId: q[9]!, resposta: true }]),
      answer('admin', [{ acompanhamentoPerguntaId: q[9]!, resposta: false }]),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? true : false;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json()).toEqual({ message: FOLLOWUP_MESSAGES.answerLocked });
    const [stored] = await t.db.select().from(acompanhamentoPergunta).where(eq(acompanhamentoPergunta.acompanhamentoPerguntaId, q[9]!));
    expect(stored).toMatchObject({ respondida: true, resposta: winner, pontosEspecificos: winner ? 10 : 0 });
    // It is also the municipality's answer.
    const [municipal] = await t.db
      .select()
      .from(perguntaMunicipio)
      .where(and(eq(perguntaMunicipio.municipioId, city['Joinville']!), eq(perguntaMunicipio.perguntaId, 9)));
    expect(municipal).toMatchObject({ resposta: winner, salvo: true });

    // The same answer again is not a change (200); the other one is (409).
    const same = await answer('condutor', [{ acompanhamentoPerguntaId: q[9]!, resposta: winner }]);
    expect(same.statusCode, same.body).toBe(200);
    const followup = followupSchema.parse(same.json());
    expect(followup.perguntas.find((x) => x.perguntaId === 9)).toMatchObject({ resposta: winner, pontos_especificos: winner ? 10 : 0 });
    expect(followup.pontos).toBe(winner ? 10 : 0);
    expect((await answer('condutor', [{ acompanhamentoPerguntaId: q[9]!, resposta: !winner }])).statusCode).toBe(409);
  });

  it('refuses to change an answer the follow-up started with (409), but lets a recurrent question change (200)', async () => {
    const locked = await answer('condutor', [{ acompanhamentoPerguntaId: q[11]!, resposta: true }]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ message: FOLLOWUP_MESSAGES.answerLocked });
    const first = await answer('condutor', [{ acompanhamentoPerguntaId: q[10]!, resposta: true }]);
    expect(first.statusCode, first.body).toBe(200);
    const changed = await answer('condutor', [{ acompanhamentoPerguntaId: q[10]!, resposta: false }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(followupSchema.parse(changed.json()).perguntas.find((x) => x.perguntaId === 10)).toMatchObject({
      respondida: true,
      resposta: false,
    });
  });

  it('replays a repeated Idempotency-Key with the first answer and no second effect', async () => {
    const key = randomUUID();
    const body = [{ acompanhamentoPerguntaId: q[10]!, resposta: true }];
    const first = await answer('condutor', body, { [IDEMPOTENCY_HEADER]: key });
    expect(first.statusCode, first.body).toBe(200);
    // Someone changes the recurrent answer meanwhile.
    expect((await answer('condutor', [{ acompanhamentoPerguntaId: q[10]!, resposta: false }])).statusCode).toBe(200);
    const replay = await answer('condutor', body, { [IDEMPOTENCY_HEADER]: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(replay.body).toBe(first.body);
    const [stored] = await t.db.select().from(acompanhamentoPergunta).where(eq(acompanhamentoPergunta.acompanhamentoPerguntaId, q[10]!));
    expect(stored!.resposta).toBe(false);
  });

  it('refuses a question of another follow-up, a comment over 1000 characters and malformed answers (400, pt-BR)', async () => {
    const other = await openFollowup((await seeded(city['Joinville']!, 'Diagnóstico')).acompanhamentoId);
    const foreign = await answer('condutor', [{ acompanhamentoPerguntaId: other.perguntas[0]!.acompanhamentoPerguntaId, resposta: true }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: FOLLOWUP_MESSAGES.questionNotInFollowup });
    const long = await answer('condutor', [{ acompanhamentoPerguntaId: q[10]!, resposta: true, comentario: 'a'.repeat(1001) }]);
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('O comentário deve ter no máximo 1000 caracteres.');
    for (const respostas of [[], [{ acompanhamentoPerguntaId: q[10]!, resposta: 'sim' }], [{ resposta: true }]]) {
      const res = await answer('condutor', respostas);
      expect(res.statusCode, JSON.stringify(respostas)).toBe(400);
      expect(res.json().message).not.toMatch(/expected|invalid input/i);
    }
  });

  /** Florianópolis' open Sala do Empreendedor follow-up (the seeded one, or a new one once it is finalized). */
  async function openSala(): Promise<Followup> {
    const res = await call('POST', '/acompanhamento', 'membro', {
      municipioId: city['Florianópolis']!,
      temaId: theme['Sala do Empreendedor']!,
    });
    expect(res.statusCode, res.body).toBe(200);
    return openFollowup(newFollowupResponseSchema.parse(res.json()).acompanhamentoId, 'membro');
  }

  it('refuses a comment on a question that takes none (400, pt-BR), storing nothing', async () => {
    const open = await openSala();
    const plain = open.perguntas.find((x) => !x.pergunta.possuiComentario && (!x.respondida || x.pergunta.recorrente))!;
    expect(plain).toBeDefined();
    const res = await call('POST', '/acompanhamento/acompanhamentos/acompanhamento-intermediario', 'membro', {
      acompanhamentoId: open.acompanhamentoId,
      respostas: [{ acompanhamentoPerguntaId: plain.acompanhamentoPerguntaId, resposta: true, comentario: 'Sem lugar para isto.' }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: FOLLOWUP_MESSAGES.commentNotTaken });
    const [stored] = await t.db
      .select()
      .from(acompanhamentoPergunta)
      .where(eq(acompanhamentoPergunta.acompanhamentoPerguntaId, plain.acompanhamentoPerguntaId));
    expect(stored).toMatchObject({ respondida: plain.respondida, resposta: plain.resposta, comentario: null });
  });

  it('keeps a comment where the question takes one', async () => {
    const open = await openSala();
    const withComment = open.perguntas.find((x) => x.pergunta.possuiComentario && x.pergunta.recorrente)!;
    const res = await call('POST', '/acompanhamento/acompanhamentos/acompanhamento-intermediario', 'membro', {
      acompanhamentoId: open.acompanhamentoId,
      respostas: [
        {
          acompanhamentoPerguntaId: withComment.acompanhamentoPerguntaId,
          resposta: true,
          comentario: 'Três atendentes, 30 horas semanais.',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      followupSchema.parse(res.json()).perguntas.find((x) => x.acompanhamentoPerguntaId === withComment.acompanhamentoPerguntaId),
    ).toMatchObject({
      resposta: true,
      comentario: 'Três atendentes, 30 horas semanais.',
    });
  });
});

describe('finalizing', () => {
  it('lets only an admin or the creator with finalizarAcompanhamento finalize; then no more answers', async () => {
    const floripa = city['Florianópolis']!;
    const row = await seeded(floripa, 'Sala do Empreendedor', false);
    const url = '/acompanhamento/acompanhamentos/finalizar';
    const summary = await call('GET', `/acompanhamento/acompanhamentos/finalizacao/${row.acompanhamentoId}`, 'membro');
    expect(summary.statusCode, summary.body).toBe(200);
    const before = await openFollowup(row.acompanhamentoId, 'membro');
    expect(finalizationSummarySchema.parse(summary.json())).toEqual({
      acompanhamentoId: row.acompanhamentoId,
      sim: before.sim,
      nao: before.nao,
      semResposta: before.perguntas.filter((x) => !x.respondida).length,
      pontos: null,
    });

    // The conductor has the flag but did not create it; the analyst has no flag.
    for (const user of ['condutor', 'analista']) {
      const refused = await call('PUT', url, user, { acompanhamentoId: row.acompanhamentoId });
      expect(refused.statusCode, user).toBe(403);
      expect(refused.json()).toEqual({ message: FOLLOWUP_MESSAGES.cannotFinalize });
    }
    const done = await call('PUT', url, 'membro', { acompanhamentoId: row.acompanhamentoId });
    expect(done.statusCode, done.body).toBe(200);
    expect(followupSchema.parse(done.json()).finalizado).toBe(true);
    const [stored] = await t.db.select().from(acompanhamento).where(eq(acompanhamento.acompanhamentoId, row.acompanhamentoId));
    expect(stored!.finalizadoEm).not.toBeNull();

    const unanswered = before.perguntas.find((x) => !x.respondida)!;
    const late = await call('POST', '/acompanhamento/acompanhamentos/acompanhamento-intermediario', 'membro', {
      acompanhamentoId: row.acompanhamentoId,
      respostas: [{ acompanhamentoPerguntaId: unanswered.acompanhamentoPerguntaId, resposta: true }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: FOLLOWUP_MESSAGES.finalized });
    const twice = await call('PUT', url, 'membro', { acompanhamentoId: row.acompanhamentoId });
    expect(twice.statusCode).toBe(409);

    // A new follow-up of that theme can now be created.
    const next = await call('POST', '/acompanhamento', 'membro', { municipioId: floripa, temaId: theme['Sala do Empreendedor']! });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().acompanhamentoId).not.toBe(row.acompanhamentoId);
    expect(next.json().acompanhamentoId).toBeGreaterThan(0);
  });

  it('never finalizes the diagnostic follow-up (400), not even for an admin', async () => {
    const row = await seeded(city['Florianópolis']!, 'Diagnóstico');
    const res = await call('PUT', '/acompanhamento/acompanhamentos/finalizar', 'admin', { acompanhamentoId: row.acompanhamentoId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: FOLLOWUP_MESSAGES.diagnosticNotFinalizable });
  });

  it('lists the themes with a finalized follow-up', async () => {
    // Sala do Empreendedor finalized here (the open one, seeded or new), so the list does not rely on another test.
    const floripa = city['Florianópolis']!;
    const sala = await call('POST', '/acompanhamento', 'admin', { municipioId: floripa, temaId: theme['Sala do Empreendedor']! });
    expect(sala.statusCode, sala.body).toBe(200);
    const finalized = await call('PUT', '/acompanhamento/acompanhamentos/finalizar', 'admin', {
      acompanhamentoId: newFollowupResponseSchema.parse(sala.json()).acompanhamentoId,
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    const res = await call('GET', `/acompanhamento/acompanhamentos/temas-finalizados/${city['Florianópolis']}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const themes = finishedThemesSchema.parse(res.json());
    expect(themes.map((x) => x.nome)).toEqual(
      expect.arrayContaining(['Compras Governamentais', 'Desburocratização', 'Educação Empreendedora', 'Sala do Empreendedor']),
    );
    expect(themes.every((x) => !Number.isNaN(Date.parse(x.finalizadoEm)))).toBe(true);
    const specialist = finishedThemesSchema.parse(
      (await call('GET', `/acompanhamento/acompanhamentos/temas-finalizados/${city['Florianópolis']}`, 'especialista')).json(),
    );
    expect(specialist.map((x) => x.nome)).toEqual(['Educação Empreendedora']);
  });
});

describe('renaming', () => {
  it('lets the creator or an admin rename, and refuses others (403)', async () => {
    const row = await seeded(city['Florianópolis']!, 'Desenvolvimento Econômico Local', false);
    const refused = await call('PUT', '/acompanhamento', 'membro', { acompanhamentoId: row.acompanhamentoId, nome: 'Do membro' });
    expect(refused.statusCode).toBe(403);
    const res = await call('PUT', '/acompanhamento', 'condutor', {
      acompanhamentoId: row.acompanhamentoId,
      nome: '  Desenvolvimento Local 2026  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(followupSchema.parse(res.json()).nome).toBe('Desenvolvimento Local 2026');
    expect((await call('PUT', '/acompanhamento', 'condutor', { acompanhamentoId: row.acompanhamentoId, nome: '   ' })).statusCode).toBe(
      400,
    );
  });
});

describe('GET plano-acao/{municipioId}?ids=', () => {
  it("gives the questions answered Nao in the selected follow-ups by theme, with the municipality's solutions of each theme's axis", async () => {
    const floripa = city['Florianópolis']!;
    const a = await seeded(floripa, 'Compras Governamentais');
    const b = await seeded(floripa, 'Desburocratização');
    const res = await call(
      'GET',
      `/acompanhamento/acompanhamentos/plano-acao/${floripa}?ids=${a.acompanhamentoId},${b.acompanhamentoId}`,
      'condutor',
    );
    expect(res.statusCode, res.body).toBe(200);
    const plan = actionPlanSchema.parse(res.json());
    expect(plan.acompanhamentos.map((x) => x.acompanhamentoId)).toEqual([a.acompanhamentoId, b.acompanhamentoId]);

    const nao = await t.db
      .select({ perguntaId: acompanhamentoPergunta.perguntaId })
      .from(acompanhamentoPergunta)
      .where(
        and(
          inArray(acompanhamentoPergunta.acompanhamentoId, [a.acompanhamentoId, b.acompanhamentoId]),
          eq(acompanhamentoPergunta.respondida, true),
          eq(acompanhamentoPergunta.resposta, false),
        ),
      );
    expect(nao.length).toBeGreaterThan(0);
    expect(plan.temas.flatMap((x) => x.perguntas.map((p) => p.perguntaId)).sort()).toEqual(nao.map((x) => x.perguntaId).sort());

    // Florianópolis' seeded Compras Governamentais has Nao answers, so its theme is always in the plan.
    const compras = plan.temas.find((x) => x.nome === 'Compras Governamentais')!;
    expect(compras).toBeDefined();
    const expected = await t.db
      .select({ id: municipioSolucao.municipioSolucaoId })
      .from(municipioSolucao)
      .innerJoin(municipioGrupoSolucao, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, municipioSolucao.municipioGrupoSolucaoId))
      .innerJoin(grupoSolucaoEixo, eq(grupoSolucaoEixo.grupoSolucaoId, municipioGrupoSolucao.grupoSolucaoId))
      .where(
        and(
          eq(municipioSolucao.municipioId, floripa),
          eq(grupoSolucaoEixo.eixoId, compras.eixoId),
          eq(municipioSolucao.desabilitado, false),
          eq(municipioGrupoSolucao.desabilitado, false),
        ),
      );
    expect(compras.solucoes.map((s) => s.municipioSolucaoId).sort()).toEqual(expected.map((x) => x.id).sort());
    expect(compras.solucoes.length).toBeGreaterThan(0);
    expect(compras.solucoes.some((s) => s.tarefas.length > 0)).toBe(true);
  });

  it('answers 400 for a malformed list and 404 for a follow-up of another municipality', async () => {
    const floripa = city['Florianópolis']!;
    for (const ids of ['', 'a,b', '1,,2', '99999999999']) {
      const res = await call('GET', `/acompanhamento/acompanhamentos/plano-acao/${floripa}?ids=${ids}`, 'admin');
      expect(res.statusCode, ids).toBe(400);
    }
    const joinville = await seeded(city['Joinville']!, 'Diagnóstico');
    expect(
      (await call('GET', `/acompanhamento/acompanhamentos/plano-acao/${floripa}?ids=${joinville.acompanhamentoId}`, 'admin')).statusCode,
    ).toBe(404);
  });
});

describe('offline bundle', () => {
  it("carries the municipality's follow-ups the user sees, each as GET api/acompanhamento/{id} answers, and counts them", async () => {
    const floripa = city['Florianópolis']!;
    for (const user of ['condutor', 'membro', 'especialista']) {
      const bundle = offlineBundleSchema.parse((await call('GET', `/offline/municipio/${floripa}`, user)).json());
      const list = followupListSchema.parse((await call('GET', `/acompanhamento/acompanhamentos/${floripa}`, user)).json());
      expect(
        bundle.acompanhamentos!.map((f) => f.acompanhamentoId),
        user,
      ).toEqual(list.map((f) => f.acompanhamentoId));
      for (const f of bundle.acompanhamentos!) expect(f, user).toEqual(await openFollowup(f.acompanhamentoId, user));
      const summary = offlineBundleSummarySchema.parse((await call('GET', `/offline/municipio/${floripa}/resumo`, user)).json());
      expect(summary.contagens.acompanhamentos).toBe(list.length);
    }
  });

  it('holds no follow-up for a user who may not open the Acompanhamento tab', async () => {
    const bundle = offlineBundleSchema.parse((await call('GET', `/offline/municipio/${city['Chapecó']}`, 'sala')).json());
    expect(bundle.acompanhamentos).toEqual([]);
  });
});
