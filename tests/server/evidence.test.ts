import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVIDENCE_MESSAGES,
  evidenceFileSchema,
  evidenceHistoryItemSchema,
  evidenceQuestionListSchema,
  evidenceQuestionSchema,
  type EvidenceQuestion,
} from '../../src/domain/evidence.ts';
import { offlineBundleSchema } from '../../src/domain/offline-bundle.ts';
import { INVALID_ID_MESSAGE } from '../../src/domain/users.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/domain/uploads.ts';
import { evidenciaHistorico, municipio, perguntaEvidencia, perguntaMunicipio } from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, multipartForm, demoSignIns } from './test-app.ts';

/**
 * Evidence API (issue 15) against the seeded demo (server/seed/evidence.ts: in Florianópolis,
 * questions 4, 22, 23 answered without files, 5 and 3 answered with a file, 24 evidenciada with two
 * undecided files, 7 approved, 8 rejected with the deadline open, 9 with it passed, 10 rejected
 * twice). The clock is fixed and moved by the tests (app option `now`).
 */

let t: TestApp;
let clock = new Date('2026-11-19T15:00:00Z');
let flori = 0;
const pm: Record<number, number> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const signIn = demoSignIns(() => t);
/** `user` or `user@tenant`. */
async function token(user: string): Promise<string> {
  const [who, tenant = 'sc'] = user.split('@');
  return signIn(who!, tenant);
}

async function call(method: Method, url: string, user: string, payload?: object, extra: Record<string, string> = {}) {
  const tenant = user.split('@')[1] ?? 'sc';
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...authHeaders(await token(user), tenant), ...extra },
    payload: payload as never,
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(200)}\n%%EOF\n`);

async function upload(
  user: string,
  perguntaMunicipioId: number,
  files: { name: string; bytes: Buffer }[],
  extra: Record<string, string> = {},
) {
  const body = multipartForm({ perguntaMunicipioId: String(perguntaMunicipioId) }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/pergunta/perguntamunicipio/salvarevidencias',
    headers: { ...authHeaders(await token(user)), 'content-type': body.contentType, ...extra },
    payload: body.payload,
  });
}

async function question(perguntaMunicipioId: number, user = 'admin'): Promise<EvidenceQuestion> {
  const res = await call('GET', `/pergunta/perguntamunicipio/get-pergunta/${perguntaMunicipioId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return evidenceQuestionSchema.parse(res.json());
}

async function finalize(user: string, q: EvidenceQuestion, decide: (i: number) => 'ok' | 'no', faixa: number | null = null) {
  return call('PUT', '/pergunta/perguntaevidencia/finalizar-evidencia', user, {
    perguntaMunicipioId: q.perguntaMunicipioId,
    perguntaFaixaRespostaId: faixa,
    evidencias: q.evidencias
      .filter((e) => !e.enviada)
      .map((e, i) => ({
        perguntaEvidenciaId: e.perguntaEvidenciaId,
        aprovada: decide(i) === 'ok',
        rejeitada: decide(i) === 'no',
        justificativa: decide(i) === 'no' ? 'Documento ilegível.' : null,
      })),
  });
}

/**
 * Puts a question of Florianópolis back to "answered Sim, no file" (its files and history removed, the
 * analysis undone) and uploads the given PDFs, so a test makes the state it needs whatever ran before.
 */
async function answeredWithFiles(perguntaId: number, names: string[]): Promise<number> {
  const id = pm[perguntaId]!;
  await t.db.delete(perguntaEvidencia).where(eq(perguntaEvidencia.perguntaMunicipioId, id));
  await t.db.delete(evidenciaHistorico).where(eq(evidenciaHistorico.perguntaMunicipioId, id));
  await t.db
    .update(perguntaMunicipio)
    .set({
      resposta: true,
      salvo: true,
      temArquivo: false,
      quantidadeArquivo: 0,
      quantidadeArquivoDadosComplementares: 0,
      evidenciada: false,
      rejeitada: false,
      aprovada: false,
      qtdRejeicao: 0,
      prazoReenvio: null,
      perguntaFaixaRespostaId: null,
    })
    .where(eq(perguntaMunicipio.perguntaMunicipioId, id));
  if (names.length > 0) {
    const res = await upload(
      'membro',
      id,
      names.map((name) => ({ name, bytes: pdf(name) })),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const [row] = await t.db
    .select({ id: municipio.municipioId })
    .from(municipio)
    .where(and(eq(municipio.tenantId, 'sc'), eq(municipio.nome, 'Florianópolis')));
  flori = row!.id;
  const rows = await t.db
    .select({ id: perguntaMunicipio.perguntaMunicipioId, perguntaId: perguntaMunicipio.perguntaId })
    .from(perguntaMunicipio)
    .where(eq(perguntaMunicipio.municipioId, flori));
  for (const r of rows) pm[r.perguntaId] = r.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('tabs', () => {
  it('lists each seeded state in its tab, with files and ranges', async () => {
    const tabs = { respondidas: [3, 4, 5, 22, 23], evidenciadas: [24], aprovadas: [7], rejeitadas: [8, 9, 10] };
    for (const [segment, ids] of Object.entries(tabs)) {
      const res = await call('GET', `/pergunta/perguntamunicipio/get-perguntas-municipios-${segment}/${flori}`, 'membro');
      expect(res.statusCode, res.body).toBe(200);
      const list = evidenceQuestionListSchema.parse(res.json());
      for (const id of ids)
        expect(
          list.map((q) => q.perguntaId),
          segment,
        ).toContain(id);
      expect(list.every((q) => q.resposta === true && q.exigeEvidencia)).toBe(true);
    }
    const q24 = await question(pm[24]!);
    expect(q24.evidencias).toHaveLength(2);
    expect(q24.evidencias.map((e) => e.tipo).sort()).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(q24.faixas.map((f) => f.faixaNome)).toEqual(['Parcial', 'Integral']);
    expect(q24.pontos).not.toBeNull();
    const q8 = await question(pm[8]!);
    expect(q8.evidencias[0]!.linkPublico).toMatch(/^\/download-evidencia-recusada\/[A-Za-z0-9_-]{43}$/);
    const q3 = await question(pm[3]!);
    expect(q3.atendentesCadastrados).toBe(3);
  });

  it('403 without the tab flag or the Evidência tab, 404 for another tenant or an unseen municipality', async () => {
    // AD Municipal sees only the answered tab.
    expect((await call('GET', `/pergunta/perguntamunicipio/get-perguntas-municipios-evidenciadas/${flori}`, 'ad')).statusCode).toBe(403);
    expect((await call('GET', `/pergunta/perguntamunicipio/get-perguntas-municipios-respondidas/${flori}`, 'ad')).statusCode).toBe(200);
    expect((await call('GET', `/pergunta/perguntamunicipio/get-perguntas-municipios-respondidas/${flori}`, 'membro@ms')).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/pergunta/perguntamunicipio/get-pergunta/${pm[24]}`, 'membro@ms')).statusCode).toBe(404);
    expect((await call('GET', `/pergunta/perguntamunicipio/get-pergunta/999999`, 'admin')).statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it('takes PDFs by multipart, refuses other content by its bytes, counts per question and replays under one Idempotency-Key', async () => {
    const key = randomUUID();
    const files = [
      { name: 'Lei municipal.pdf', bytes: pdf('um') },
      { name: 'Decreto.pdf', bytes: pdf('dois') },
    ];
    await answeredWithFiles(22, []);
    const first = await upload('membro', pm[22]!, files, { [IDEMPOTENCY_HEADER]: key });
    expect(first.statusCode, first.body).toBe(200);
    const q = evidenceQuestionSchema.parse(first.json());
    expect(q.evidencias.map((e) => e.nomeArquivo).sort()).toEqual(['Decreto.pdf', 'Lei municipal.pdf']);
    expect(q.temArquivo && q.quantidadeArquivo === 2).toBe(true);
    const again = await upload('membro', pm[22]!, files, { [IDEMPOTENCY_HEADER]: key });
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect((await question(pm[22]!)).evidencias).toHaveLength(2);

    const fake = await upload('membro', pm[23]!, [{ name: 'planilha.pdf', bytes: Buffer.from('isto não é um PDF') }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Tipo de arquivo não permitido. Envie PDF ou Excel.');
    const two = await upload('membro', pm[4]!, files);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(EVIDENCE_MESSAGES.onlyOneFile);
    const none = await upload('membro', pm[4]!, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(EVIDENCE_MESSAGES.noFiles);
    // Nothing stored for a refused form.
    expect((await question(pm[4]!)).evidencias).toHaveLength(0);
  });

  it('takes concluded resumable uploads (finalidade evidencia) by JSON', async () => {
    await answeredWithFiles(23, []);
    const bytes = pdf('retomável');
    const started = await call('POST', '/upload', 'membro', {
      chave: randomUUID(),
      nome: 'Relatório anual.pdf',
      tamanho: bytes.length,
      sha256: sha256(bytes),
      finalidade: 'evidencia',
    });
    expect(started.statusCode, started.body).toBe(201);
    const { uploadId } = started.json() as { uploadId: string };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/upload/${uploadId}?offset=0`,
      headers: { ...authHeaders(await token('membro')), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('POST', `/upload/${uploadId}/concluir`, 'membro')).statusCode).toBe(200);
    const res = await call('POST', '/pergunta/perguntamunicipio/salvarevidencias', 'membro', {
      perguntaMunicipioId: pm[23],
      uploadIds: [uploadId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(evidenceQuestionSchema.parse(res.json()).evidencias.map((e) => e.nomeArquivo)).toEqual(['Relatório anual.pdf']);
    // Claimed once only.
    const twice = await call('POST', '/pergunta/perguntamunicipio/salvarevidencias', 'membro', {
      perguntaMunicipioId: pm[23],
      uploadIds: [uploadId],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('question 1 in the seal room: closed after 30/06/2025 without enviaPerguntaId1Selo; Sala sends only on its axes', async () => {
    await t.db
      .update(perguntaMunicipio)
      .set({ resposta: true, salvo: true, evidenciada: false, rejeitada: false })
      .where(eq(perguntaMunicipio.perguntaMunicipioId, pm[1]!));
    const sala = { variante: 'sala' };
    const after = await upload('membro', pm[1]!, [{ name: 'Sala.pdf', bytes: pdf('sala') }], sala);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(EVIDENCE_MESSAGES.question1Closed);
    const saved = clock;
    clock = new Date('2025-06-30T23:00:00-03:00');
    try {
      // Before the cut-off, the member (no visualizaEixosIds) may still not send in the room.
      const axis = await upload('membro', pm[1]!, [{ name: 'Sala.pdf', bytes: pdf('sala') }], sala);
      expect(axis.statusCode).toBe(400);
      expect(axis.json().message).toBe(EVIDENCE_MESSAGES.axisNotAllowed);
      // The full admin bypasses both.
      expect((await upload('admin', pm[1]!, [{ name: 'Sala.pdf', bytes: pdf('sala') }], sala)).statusCode).toBe(200);
    } finally {
      clock = saved;
    }
    // Outside the room the rule does not apply.
    expect((await upload('admin', pm[1]!, [{ name: 'Outra.pdf', bytes: pdf('x') }])).statusCode).toBe(400); // one file only
  });

  it('caps a file at 25 MB while streaming', async () => {
    const big = Buffer.concat([pdf('grande'), Buffer.alloc(26_214_400, 0x20)]);
    const res = await upload('membro', pm[23]!, [{ name: 'Grande.pdf', bytes: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EVIDENCE_MESSAGES.fileTooLarge);
  });

  it('question 3: the declaration when the attendants differ (DADOS_COMPLE_, once), then it is sent', async () => {
    const data = await call('PUT', `/pergunta/perguntamunicipio/atualizar-pergunta-municipio-evidencia/${pm[3]}`, 'membro', {
      atualizacaoAtendentes: 4,
      valorInformado: 20,
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(evidenceQuestionSchema.parse(data.json())).toMatchObject({ atualizacaoAtendentes: 4, valorInformado: 20 });
    const missing = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: pm[3] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(EVIDENCE_MESSAGES.declarationRequired);
    const declaration = async () => {
      const body = multipartForm({ perguntaMunicipioId: String(pm[3]), dadosComplementares: 'true' }, [
        { name: 'Declaração.pdf', bytes: pdf('declaração') },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/pergunta/perguntamunicipio/salvarevidencias',
        headers: { ...authHeaders(await token('membro')), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const first = await declaration();
    expect(first.statusCode, first.body).toBe(200);
    const q = evidenceQuestionSchema.parse(first.json());
    expect(q.quantidadeArquivoDadosComplementares).toBe(1);
    expect(q.evidencias.find((e) => e.dadosComplementares)!.nomeArquivo).toBe('DADOS_COMPLE_Declaração.pdf');
    const again = await declaration();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVIDENCE_MESSAGES.complementExists);
    const sent = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: pm[3] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(evidenceQuestionSchema.parse(sent.json()).evidenciada).toBe(true);
  });

  it('400 in pt-BR for malformed input, never 500', async () => {
    const bad = await call('POST', '/pergunta/perguntamunicipio/salvarevidencias', 'membro', { perguntaMunicipioId: 'abc', uploadIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: `Valor inválido. ${EVIDENCE_MESSAGES.noFiles}`,
      issues: [
        { path: 'body.perguntaMunicipioId', message: 'Valor inválido' },
        { path: 'body.uploadIds', message: EVIDENCE_MESSAGES.noFiles },
      ],
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/pergunta/perguntamunicipio/salvarevidencias',
      headers: { ...authHeaders(await token('membro')), 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'isto não é um formulário',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Formulário inválido.');
    const unknownAction = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'explodir', perguntaMunicipioId: pm[5] });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.json()).toMatchObject({ message: 'Valor inválido', issues: [{ path: 'body.acao', message: 'Valor inválido' }] });
    const hugeId = await call('GET', '/pergunta/perguntaevidencia/99999999999', 'membro');
    expect(hugeId.statusCode).toBe(400);
    expect(hugeId.json().message).toBe(INVALID_ID_MESSAGE);
  });
});

describe('lifecycle', () => {
  it('send, evaluate, finalize with the two-business-day deadline, resend before 23:59 and refused after', async () => {
    clock = new Date('2026-11-19T15:00:00Z');
    const empty = await answeredWithFiles(4, []);
    expect(
      (await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: empty })).json().message,
    ).toBe(EVIDENCE_MESSAGES.noFiles);
    const id = await answeredWithFiles(22, ['Lei municipal.pdf', 'Decreto.pdf']);
    const sent = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(evidenceQuestionSchema.parse(sent.json())).toMatchObject({ evidenciada: true, rejeitada: false });
    const twice = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: id });
    expect(twice.statusCode).toBe(409);

    const q = await question(id);
    const [a, b] = q.evidencias;
    // The member does not analyse.
    const byMember = await call('PUT', '/pergunta/perguntaevidencia', 'membro', {
      perguntaEvidenciaId: a!.perguntaEvidenciaId,
      perguntaMunicipioId: q.perguntaMunicipioId,
      aprovada: true,
      rejeitada: false,
    });
    expect(byMember.statusCode).toBe(403);
    const noReason = await call('PUT', '/pergunta/perguntaevidencia', 'analista', {
      perguntaEvidenciaId: a!.perguntaEvidenciaId,
      perguntaMunicipioId: q.perguntaMunicipioId,
      aprovada: false,
      rejeitada: true,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(EVIDENCE_MESSAGES.justificationRequired);
    // The spec's form data, with its Justificativa field.
    const boundary = `----av${randomUUID()}`;
    const fields = {
      PerguntaEvidenciaId: String(a!.perguntaEvidenciaId),
      PerguntaMunicipioId: String(q.perguntaMunicipioId),
      Aprovada: 'false',
      Rejeitada: 'true',
      Justificativa: 'Sem assinatura.',
    };
    const body =
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const rejected = await t.app.inject({
      method: 'PUT',
      url: '/api/pergunta/perguntaevidencia',
      headers: { ...authHeaders(await token('analista')), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(evidenceFileSchema.parse(rejected.json())).toMatchObject({ rejeitada: true, justificativa: 'Sem assinatura.' });

    // Not every file decided yet.
    const undecided = await call('PUT', '/pergunta/perguntaevidencia/finalizar-evidencia', 'analista', {
      perguntaMunicipioId: q.perguntaMunicipioId,
      perguntaFaixaRespostaId: null,
      evidencias: [{ perguntaEvidenciaId: a!.perguntaEvidenciaId, aprovada: false, rejeitada: true, justificativa: 'Sem assinatura.' }],
    });
    expect(undecided.statusCode).toBe(400);
    expect(undecided.json().message).toBe(EVIDENCE_MESSAGES.undecided);

    // Thursday 19 November 2026 at 12:00 in São Paulo; Friday 20 is a holiday: Monday 23, Tuesday 24.
    clock = new Date('2026-11-19T15:00:00Z');
    const done = await finalize('analista', q, (i) => (i === 0 ? 'no' : 'ok'));
    expect(done.statusCode, done.body).toBe(200);
    const finalized = evidenceQuestionSchema.parse(done.json());
    expect(finalized).toMatchObject({ rejeitada: true, prazoReenvio: '2026-11-24', qtdRejeicao: 1 });
    expect(finalized.evidencias.every((e) => e.enviada)).toBe(true);
    expect((await finalize('analista', q, () => 'ok')).statusCode).toBe(409);
    const late = await call('PUT', '/pergunta/perguntaevidencia', 'analista', {
      perguntaEvidenciaId: b!.perguntaEvidenciaId,
      perguntaMunicipioId: q.perguntaMunicipioId,
      aprovada: true,
      rejeitada: false,
    });
    expect(late.statusCode).toBe(409);

    // After 23:59 of the deadline in São Paulo: refused.
    clock = new Date('2026-11-25T03:00:30Z');
    const after = await upload('membro', id, [{ name: 'Nova versão.pdf', bytes: pdf('nova') }]);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe('Prazo para envio de novo arquivo encerrou no dia 24/11/2026 às 23:59');
    // 23:58 that day: accepted, and sent again.
    clock = new Date('2026-11-25T02:58:00Z');
    const before = await upload('membro', id, [{ name: 'Nova versão.pdf', bytes: pdf('nova') }]);
    expect(before.statusCode, before.body).toBe(200);
    const resent = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(evidenceQuestionSchema.parse(resent.json())).toMatchObject({ evidenciada: true, rejeitada: false, prazoReenvio: null });

    const history = await call('GET', `/pergunta/perguntaevidencia/historico/${id}`, 'membro');
    expect(history.statusCode).toBe(200);
    const acoes = history.json().map((h: unknown) => evidenceHistoryItemSchema.parse(h).acao);
    for (const acao of ['carregada', 'enviada', 'rejeitada', 'aprovada', 'finalizada']) expect(acoes).toContain(acao);
  });

  it('a criterion rejected twice is not resubmitted; a passed deadline is enforced on send', async () => {
    clock = new Date();
    const twice = await upload('membro', pm[10]!, [{ name: 'Outra.pdf', bytes: pdf('x') }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(EVIDENCE_MESSAGES.rejectedTwice);
    const passed = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: pm[9] });
    expect(passed.statusCode).toBe(400);
    expect(passed.json().message).toMatch(/^Prazo para envio de novo arquivo encerrou no dia \d{2}\/\d{2}\/\d{4} às 23:59$/);
  });

  it('two analysts finalizing at once: one wins, the other gets 409; a range is required where the question has ranges', async () => {
    const q = await question(pm[24]!);
    const noRange = await finalize('analista', q, () => 'ok');
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().message).toBe(EVIDENCE_MESSAGES.rangeRequired);
    const faixa = q.faixas.find((f) => f.faixaNome === 'Integral')!.perguntaFaixaRespostaId;
    const results = await Promise.all([finalize('analista', q, () => 'ok', faixa), finalize('admin', q, () => 'ok', faixa)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await question(pm[24]!);
    expect(after).toMatchObject({ aprovada: true, rejeitada: false, faixaNome: 'Integral', prazoReenvio: null });
  });

  it('revert: only the full admin or Operacoes; back to evidenciada, deadline over, one rejection less', async () => {
    expect((await call('PUT', `/pergunta/perguntamunicipio/reverter-analise/${pm[8]}`, 'analista')).statusCode).toBe(403);
    const res = await call('PUT', `/pergunta/perguntamunicipio/reverter-analise/${pm[8]}`, 'operacoes');
    expect(res.statusCode, res.body).toBe(200);
    const q = evidenceQuestionSchema.parse(res.json());
    expect(q).toMatchObject({ evidenciada: true, rejeitada: false, aprovada: false, prazoReenvio: null, qtdRejeicao: 0 });
    expect(q.evidencias.every((e) => !e.enviada)).toBe(true);
    expect((await call('PUT', `/pergunta/perguntamunicipio/reverter-analise/${pm[8]}`, 'operacoes')).statusCode).toBe(409);
  });

  it('discard returns a highlighted question to unanswered and deletes its files; not from the answered tab', async () => {
    expect((await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'descartar', perguntaMunicipioId: pm[5] })).statusCode).toBe(
      400,
    );
    const res = await call('PUT', '/pergunta/perguntamunicipio', 'admin', { acao: 'descartar', perguntaMunicipioId: pm[7] });
    expect(res.statusCode, res.body).toBe(200);
    expect(evidenceQuestionSchema.parse(res.json())).toMatchObject({ resposta: null, evidenciada: false, aprovada: false, evidencias: [] });
  });
});

describe('delete', () => {
  it('deletes an unevaluated file outside the evidenciada tab; never an evaluated one', async () => {
    const answered = await question(await answeredWithFiles(5, ['Portal do Empreendedor.pdf']));
    const res = await call(
      'DELETE',
      `/pergunta/perguntaevidencia/excluir-evidencia/${answered.evidencias[0]!.perguntaEvidenciaId}`,
      'membro',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(evidenceQuestionSchema.parse(res.json())).toMatchObject({ temArquivo: false, evidencias: [] });
    const q10 = await question(pm[10]!);
    const evaluated = await call('DELETE', `/pergunta/perguntaevidencia/${q10.evidencias[0]!.perguntaEvidenciaId}`, 'membro');
    expect(evaluated.statusCode).toBe(403);
    expect(evaluated.json().message).toBe(EVIDENCE_MESSAGES.cannotDelete);
    // A file sent for analysis and not decided yet cannot be deleted, not even by the full admin.
    const sentId = await answeredWithFiles(23, ['Em análise.pdf']);
    const sent = await call('PUT', '/pergunta/perguntamunicipio', 'membro', { acao: 'enviar', perguntaMunicipioId: sentId });
    expect(sent.statusCode, sent.body).toBe(200);
    const pending = evidenceQuestionSchema.parse(sent.json()).evidencias.find((e) => !e.enviada)!;
    const inAnalysis = await call('DELETE', `/pergunta/perguntaevidencia/${pending.perguntaEvidenciaId}`, 'admin');
    expect(inAnalysis.statusCode).toBe(403);
    expect(inAnalysis.json().message).toBe(EVIDENCE_MESSAGES.cannotDelete);
  });
});

describe('downloads', () => {
  it('serves the bytes with their type, name and nosniff; public by token without login; 404 for an unknown token', async () => {
    const q24 = await question(pm[24]!);
    const excel = q24.evidencias.find((e) => e.nomeArquivo.endsWith('.xlsx'))!;
    const res = await call('GET', `/pergunta/perguntaevidencia/${excel.perguntaEvidenciaId}`, 'membro');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(excel.nomeArquivo)}`);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const post = await call('POST', `/arquivo/evidencia/download/${excel.perguntaEvidenciaId}`, 'membro');
    expect(post.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await call('GET', `/pergunta/perguntaevidencia/${excel.perguntaEvidenciaId}`, 'membro@ms')).statusCode).toBe(404);

    const q9 = await question(pm[9]!);
    const link = q9.evidencias[0]!.linkPublico!;
    const tokenPart = link.split('/').pop()!;
    const pub = await t.app.inject({ method: 'GET', url: `/api/publico/evidencia/${tokenPart}`, headers: { database: 'sc' } });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.headers['x-content-type-options']).toBe('nosniff');
    expect(pub.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/publico/evidencia/${'A'.repeat(43)}`, headers: { database: 'sc' } });
    expect(unknown.statusCode).toBe(404);
    const sequential = await t.app.inject({
      method: 'GET',
      url: `/api/publico/evidencia/${q9.evidencias[0]!.perguntaEvidenciaId}`,
      headers: { database: 'sc' },
    });
    expect(sequential.statusCode).toBe(404);
    const meta = await call('GET', `/relatorio/get-evidencia/${q9.evidencias[0]!.perguntaEvidenciaId}`, 'membro');
    expect(evidenceFileSchema.parse(meta.json()).rejeitada).toBe(true);
  });

  it('zips the municipality rejected files', async () => {
    const res = await call('GET', `/relatorio/download-evidencias-rejeitadas/${flori}`, 'analista');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    expect(names.length).toBeGreaterThan(0);
    const rejected = await t.db
      .select()
      .from(perguntaEvidencia)
      .where(and(eq(perguntaEvidencia.tenantId, 'sc'), eq(perguntaEvidencia.rejeitada, true)));
    const mine = rejected.filter((r) => Object.values(pm).includes(r.perguntaMunicipioId));
    expect(names).toHaveLength(mine.length);
    for (const bytes of Object.values(entries)) expect(Buffer.from(bytes.subarray(0, 5)).toString()).toMatch(/^(%PDF-|PK)/);
    expect((await call('GET', `/relatorio/download-evidencias-rejeitadas/${flori}`, 'membro@ms')).statusCode).toBe(404);
  });
});

describe('offline bundle', () => {
  it('carries the evidence questions of the tabs the user sees', async () => {
    const res = await call('GET', `/offline/municipio/${flori}`, 'ad');
    expect(res.statusCode).toBe(200);
    const bundle = offlineBundleSchema.parse(res.json());
    expect(bundle.perguntasEvidencia?.length).toBeGreaterThan(0);
    // AD Municipal sees only the answered tab.
    expect(bundle.perguntasEvidencia!.every((q) => !q.evidenciada && !q.rejeitada && !q.aprovada)).toBe(true);
  });
});
