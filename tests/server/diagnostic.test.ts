import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticAnswerReadSchema, diagnosticStateSchema, FOLLOWUP_MESSAGES } from '../../src/domain/followups.ts';
import {
  acompanhamento,
  acompanhamentoPergunta,
  municipio,
  pergunta,
  perguntaMunicipio,
  seloDiagnostico,
} from '../../server/db/schema/index.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import { authHeaders, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Diagnostic and seal answers (api/seloDiagnosticoResposta, issue 14 item 6): the situation by theme
 * from the diagnostic follow-up, questions 112-114 (113-114 for partners) as the municipality's own
 * answers, the sending that freezes them, and the PDF.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const city: Record<string, number> = {};
const base = '/api/seloDiagnosticoResposta';

async function call(method: 'GET' | 'PUT', url: string, user: string, payload?: object) {
  tokens[user] ??= await login(t, `${user}@demo.local`);
  return t.app.inject({ method, url: `${base}${url}`, headers: authHeaders(tokens[user]!), payload: payload as never });
}

async function municipalAnswer(municipioId: number, perguntaId: number) {
  const [row] = await t.db
    .select()
    .from(perguntaMunicipio)
    .where(and(eq(perguntaMunicipio.municipioId, municipioId), eq(perguntaMunicipio.perguntaId, perguntaId)));
  return row?.resposta ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
});
afterAll(async () => t?.close());

describe('GET obter-diagnostico-resposta-por-municipio/{id}', () => {
  it("gives each theme's situation from the diagnostic follow-up and the municipality's answers to 112-114", async () => {
    const floripa = city['Florianópolis']!;
    const res = await call('GET', `/obter-diagnostico-resposta-por-municipio/${floripa}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const state = diagnosticStateSchema.parse(res.json());
    const [followup] = await t.db
      .select()
      .from(acompanhamento)
      .where(and(eq(acompanhamento.municipioId, floripa), eq(acompanhamento.diagnostico, true)));
    expect(state.acompanhamentoId).toBe(followup!.acompanhamentoId);
    expect(state.situacao).toBe('Em Preenchimento');
    expect(state.enviadoEm).toBeNull();
    const questions = await t.db
      .select()
      .from(acompanhamentoPergunta)
      .where(eq(acompanhamentoPergunta.acompanhamentoId, followup!.acompanhamentoId));
    expect(state.temas.reduce((sum, x) => sum + x.total, 0)).toBe(questions.length);
    expect(state.temas.reduce((sum, x) => sum + x.respondidas, 0)).toBe(questions.filter((q) => q.respondida).length);
    for (const x of state.temas) expect(x.situacao).toBe(x.respondidas === 0 ? 'Não Iniciado' : 'Em Preenchimento');
    expect(state.respostas.map((r) => r.perguntaId)).toEqual([112, 113, 114]);
    for (const r of state.respostas) expect(r.resposta).toBe(await municipalAnswer(floripa, r.perguntaId));
    expect(state.respostas[0]!.texto).toMatch(/diagnóstico/);
  });

  it('shows a municipality without a diagnostic follow-up as not started', async () => {
    const res = await call('GET', `/obter-diagnostico-resposta-por-municipio/${city['Chapecó']}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const state = diagnosticStateSchema.parse(res.json());
    expect(state.acompanhamentoId).toBeNull();
    expect(state.temas.length).toBeGreaterThan(0);
    expect(state.temas.every((x) => x.respondidas === 0 && x.situacao === 'Não Iniciado')).toBe(true);
  });

  it('gives a partner only 113 and 114', async () => {
    const res = await call('GET', `/obter-diagnostico-resposta-por-municipio/${city['Itajaí']}`, 'parceiro');
    expect(res.statusCode, res.body).toBe(200);
    expect(diagnosticStateSchema.parse(res.json()).respostas.map((r) => r.perguntaId)).toEqual([113, 114]);
  });

  it('answers 404 for a municipality the user does not see and 403 without the Acompanhamento tab', async () => {
    expect((await call('GET', `/obter-diagnostico-resposta-por-municipio/${city['Joinville']}`, 'membro')).statusCode).toBe(404);
    const ms = (await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')))[0]!.municipioId;
    expect((await call('GET', `/obter-diagnostico-resposta-por-municipio/${ms}`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', `/obter-diagnostico-resposta-por-municipio/${city['Chapecó']}`, 'sala')).statusCode).toBe(403);
  });
});

describe('PUT atualizar-diagnostico-resposta and GET /{perguntaId}', () => {
  it("sets the municipality's answer, read back by the per-question call", async () => {
    const itajai = city['Itajaí']!;
    const res = await call('PUT', '/atualizar-diagnostico-resposta', 'parceiro', { municipioId: itajai, perguntaId: 113, resposta: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(diagnosticStateSchema.parse(res.json()).respostas.find((r) => r.perguntaId === 113)!.resposta).toBe(true);
    expect(await municipalAnswer(itajai, 113)).toBe(true);
    const read = await call('GET', `/113?municipioId=${itajai}&uf=SC&parceiro=true&ambiente=hlg`, 'parceiro');
    expect(read.statusCode, read.body).toBe(200);
    expect(diagnosticAnswerReadSchema.parse(read.json())).toEqual({ data: [{ perguntaId: 113, resposta: true }] });
  });

  it('refuses question 112 to a partner (403) and any other question id (400, pt-BR)', async () => {
    const itajai = city['Itajaí']!;
    const write = await call('PUT', '/atualizar-diagnostico-resposta', 'parceiro', {
      municipioId: itajai,
      perguntaId: 112,
      resposta: true,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/113 e 114/);
    expect((await call('GET', `/112?municipioId=${itajai}`, 'parceiro')).statusCode).toBe(403);
    // The partner variant says so by the query even for a user of another group.
    expect((await call('GET', `/112?municipioId=${itajai}&parceiro=true`, 'admin')).statusCode).toBe(403);
    expect((await call('GET', `/112?municipioId=${itajai}`, 'admin')).statusCode).toBe(200);

    const bad = await call('PUT', '/atualizar-diagnostico-resposta', 'admin', { municipioId: itajai, perguntaId: 5, resposta: true });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Pergunta de diagnóstico inválida.');
    for (const url of [`/5?municipioId=${itajai}`, '/113', `/113?municipioId=abc`, `/113?municipioId=${itajai}&parceiro=talvez`]) {
      const res = await call('GET', url, 'admin');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).not.toMatch(/expected|invalid input/i);
    }
    for (const payload of [{}, { municipioId: itajai, perguntaId: 113, resposta: 'sim' }]) {
      expect((await call('PUT', '/atualizar-diagnostico-resposta', 'admin', payload)).statusCode).toBe(400);
    }
  });
});

describe('access decided before the body (issue 26 item 2)', () => {
  it('refuses a user without the Acompanhamento tab (403) or who does not see the municipality (404) whatever they send', async () => {
    const chapeco = city['Chapecó']!;
    for (const payload of [{ municipioId: chapeco, perguntaId: 5, resposta: 'sim' }, { municipioId: chapeco }]) {
      expect((await call('PUT', '/atualizar-diagnostico-resposta', 'sala', payload)).statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect((await call('GET', `/5?municipioId=${chapeco}&parceiro=talvez`, 'sala')).statusCode).toBe(403);
    const joinville = city['Joinville']!;
    expect((await call('PUT', '/atualizar-diagnostico-resposta', 'membro', { municipioId: joinville, perguntaId: 5 })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT setar-enviada/{id}', () => {
  it('marks the diagnostic sent; its answers no longer change (409)', async () => {
    const joinville = city['Joinville']!;
    const res = await call('PUT', `/setar-enviada/${joinville}`, 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    const state = diagnosticStateSchema.parse(res.json());
    expect(state.situacao).toBe('Enviado');
    expect(state.enviadoEm).not.toBeNull();
    expect(state.temas.every((x) => x.situacao === 'Enviado')).toBe(true);
    expect(await t.db.$count(seloDiagnostico, eq(seloDiagnostico.municipioId, joinville))).toBe(1);
    // Sending again changes nothing.
    expect((await call('PUT', `/setar-enviada/${joinville}`, 'condutor')).statusCode).toBe(200);
    expect(await t.db.$count(seloDiagnostico, eq(seloDiagnostico.municipioId, joinville))).toBe(1);

    const before = await municipalAnswer(joinville, 112);
    const late = await call('PUT', '/atualizar-diagnostico-resposta', 'condutor', {
      municipioId: joinville,
      perguntaId: 112,
      resposta: !before,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: FOLLOWUP_MESSAGES.diagnosticSent });
    expect(await municipalAnswer(joinville, 112)).toBe(before);
  });
});

describe('GET selo-diagnostico-pdf-by-municipioId/{id}', () => {
  it('sends a landscape PDF in pt units naming the municipality and the diagnostic questions', async () => {
    const res = await call('GET', `/selo-diagnostico-pdf-by-municipioId/${city['Florianópolis']}`, 'condutor');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const raw = res.rawPayload.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    const pdf = readPdf(raw);
    // A4 landscape in points: 841.89 x 595.28.
    expect(pdf.pages[0]!.width).toBeCloseTo(841.89, 1);
    expect(pdf.pages[0]!.height).toBeCloseTo(595.28, 1);
    expect(pdf.lines[0]).toBe('Diagnóstico do município');
    expect(pdf.lines).toContain('Florianópolis - SC');
    expect(pdf.lines.some((line) => /^112\. O município concluiu/.test(line))).toBe(true);
  });

  it('prints the texts as typed, whatever their symbols or emoji, in embedded fonts, tagged pt-BR', async () => {
    const typed = '≥ ✓ Ω ő 😀 ção';
    const where = and(eq(pergunta.tenantId, 'sc'), eq(pergunta.perguntaId, 114));
    const [question] = await t.db.select({ texto: pergunta.texto }).from(pergunta).where(where);
    await t.db
      .update(pergunta)
      .set({ texto: `Pergunta com ${typed}` })
      .where(where);
    try {
      const res = await call('GET', `/selo-diagnostico-pdf-by-municipioId/${city['Florianópolis']}`, 'condutor');
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const raw = res.rawPayload.toString('latin1');
      expect(readPdf(raw).lines).toContain(`114. Pergunta com ${typed}`);
      expect(/\) Tj/.test(raw), 'no text in a standard (Windows-1252) font').toBe(false);
      expect(raw.includes('/Lang (pt-BR)')).toBe(true);
    } finally {
      await t.db.update(pergunta).set({ texto: question!.texto }).where(where);
    }
  });

  it('answers 404 for a municipality the user does not see', async () => {
    expect((await call('GET', `/selo-diagnostico-pdf-by-municipioId/${city['Joinville']}`, 'membro')).statusCode).toBe(404);
  });
});
