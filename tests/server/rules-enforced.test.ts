import { createHash, randomUUID } from 'node:crypto';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evidenceFileSchema, evidenceQuestionSchema, type EvidenceQuestion } from '../../src/domain/evidence.ts';
import { FOLLOWUP_MESSAGES, followupSchema } from '../../src/domain/followups.ts';
import { RELATIONSHIP_STATUS } from '../../src/domain/municipality.ts';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_BYTES } from '../../src/domain/uploads.ts';
import { municipio, pergunta, perguntaMunicipio, tema, upload as uploadTable } from '../../server/db/schema/index.ts';
import { MAX_FORM_BYTES } from '../../server/plugins/input-guard.ts';
import { authHeaders, createTestApp, login, type TestApp, multipartForm } from './test-app.ts';

/**
 * Rules of src/domain that the unit tests prove in isolation, proved here through the API, so a
 * server that stopped calling one fails (issue 25, point 10): the resend deadline's business days
 * (holidays) and its São Paulo calendar, the file limits of questions 13 and 3, the 25 MB total of
 * several files (one multipart form, and concluded uploads sent together), approve and reject per
 * evidence tab, the justification a rejected file needs to finalize an analysis, and the diagnostic
 * follow-up that the Finalizar button never finalizes.
 *
 * Each test makes its own municipality with the question it needs, answered Sim (freshQuestion),
 * and sets the clock (app option `now`) itself. The full admin acts throughout: none of these rules
 * depends on who asks, and the admin passes every access check, so only the rule can refuse.
 */

let t: TestApp;
let clock = new Date('2026-11-10T15:00:00Z');
let adminToken = '';

type Method = 'GET' | 'POST' | 'PUT';

async function call(method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: authHeaders(adminToken), payload: payload as never });
}

/** A file that is a PDF by its first bytes, `size` bytes long. */
function pdf(text: string, size = 300): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${text}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

type FileSpec = { name: string; bytes: Buffer };

/** POST salvarevidencias as the spec's multipart form. */
async function upload(perguntaMunicipioId: number, files: FileSpec[]) {
  const body = multipartForm({ perguntaMunicipioId: String(perguntaMunicipioId) }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/pergunta/perguntamunicipio/salvarevidencias',
    headers: { ...authHeaders(adminToken), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const pdfs = (prefix: string, count: number): FileSpec[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i + 1}.pdf`, bytes: pdf(`${prefix} ${i + 1}`) }));

/** Files under the app's data folder whose bytes start with `head`. */
async function storedFilesStartingWith(head: string): Promise<string[]> {
  const entries = await readdir(t.config.dataDir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(head.length), 0, head.length, 0);
      if (buffer.subarray(0, bytesRead).toString('latin1') === head) found.push(file);
    } finally {
      await handle.close();
    }
  }
  return found;
}

async function question(perguntaMunicipioId: number): Promise<EvidenceQuestion> {
  const res = await call('GET', `/pergunta/perguntamunicipio/get-pergunta/${perguntaMunicipioId}`);
  expect(res.statusCode, res.body).toBe(200);
  return evidenceQuestionSchema.parse(res.json());
}

/**
 * A new vigente municipality of SC with question `perguntaId` answered Sim (plus `state`), as the
 * follow-up page leaves it: the test's own data, which no other test touches.
 */
async function freshQuestion(perguntaId: number, state: Partial<typeof perguntaMunicipio.$inferInsert> = {}) {
  const [city] = await t.db
    .insert(municipio)
    .values({ tenantId: 'sc', nome: `Regras ${randomUUID().slice(0, 8)}`, uf: 'SC', statusRelacionamento: RELATIONSHIP_STATUS.vigente })
    .returning({ municipioId: municipio.municipioId });
  const [q] = await t.db
    .select({ eixoId: tema.eixoId, temaId: tema.temaId })
    .from(pergunta)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .where(and(eq(pergunta.tenantId, 'sc'), eq(pergunta.perguntaId, perguntaId)));
  const [row] = await t.db
    .insert(perguntaMunicipio)
    .values({ tenantId: 'sc', perguntaId, municipioId: city!.municipioId, eixoId: q!.eixoId, resposta: true, salvo: true, ...state })
    .returning({ perguntaMunicipioId: perguntaMunicipio.perguntaMunicipioId });
  return { municipioId: city!.municipioId, temaId: q!.temaId, perguntaMunicipioId: row!.perguntaMunicipioId };
}

/** Question 22 (any number of files) with `files` uploaded and sent for analysis. */
async function underAnalysis(files: FileSpec[]): Promise<EvidenceQuestion> {
  const { perguntaMunicipioId } = await freshQuestion(22);
  const uploaded = await upload(perguntaMunicipioId, files);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const sent = await call('PUT', '/pergunta/perguntamunicipio', { acao: 'enviar', perguntaMunicipioId });
  expect(sent.statusCode, sent.body).toBe(200);
  return evidenceQuestionSchema.parse(sent.json());
}

type Decision = { aprovada: boolean; rejeitada: boolean; justificativa: string | null };
const APPROVE: Decision = { aprovada: true, rejeitada: false, justificativa: null };
const REJECT: Decision = { aprovada: false, rejeitada: true, justificativa: 'Documento sem assinatura.' };

/** PUT finalizar-evidencia with one decision per file, in order. */
async function finalize(q: EvidenceQuestion, decisions: Decision[]) {
  return call('PUT', '/pergunta/perguntaevidencia/finalizar-evidencia', {
    perguntaMunicipioId: q.perguntaMunicipioId,
    perguntaFaixaRespostaId: null,
    evidencias: q.evidencias.map((e, i) => ({ perguntaEvidenciaId: e.perguntaEvidenciaId, ...decisions[i]! })),
  });
}

/** A question analysed and finalized with one file decided as `decision`: in the aprovada or rejeitada tab. */
async function finalizedWith(decision: Decision): Promise<EvidenceQuestion> {
  const q = await underAnalysis(pdfs('Analisada', 1));
  const done = await finalize(q, [decision]);
  expect(done.statusCode, done.body).toBe(200);
  return evidenceQuestionSchema.parse(done.json());
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  adminToken = await login(t, 'admin@demo.local');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('resend deadline (spec §5 "Resend", §9)', () => {
  it('counts two business days skipping national holidays, fixed and moveable', async () => {
    // Thursday 19 November 2026; Friday 20 is Consciência Negra: Monday 23 and Tuesday 24.
    clock = new Date('2026-11-19T15:00:00Z');
    const fixed = await finalize(await underAnalysis(pdfs('Feriado fixo', 1)), [REJECT]);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const afterFixed = evidenceQuestionSchema.parse(fixed.json());
    expect(afterFixed).toMatchObject({ rejeitada: true, prazoReenvio: '2026-11-24' });
    expect(afterFixed.evidencias.map((e) => e.prazoReenvio)).toEqual(['2026-11-24']);

    // Friday 5 February 2027; Monday 8 and Tuesday 9 are Carnival (Easter 28 March): Wednesday 10 and Thursday 11.
    clock = new Date('2027-02-05T15:00:00Z');
    const moveable = await finalize(await underAnalysis(pdfs('Carnaval', 1)), [REJECT]);
    expect(moveable.statusCode, moveable.body).toBe(200);
    expect(evidenceQuestionSchema.parse(moveable.json())).toMatchObject({ rejeitada: true, prazoReenvio: '2027-02-11' });
  });

  it('runs on the São Paulo calendar: the day of the finalization and the 23:59 of the deadline are São Paulo’s, not UTC’s', async () => {
    // 02:30 UTC on Wednesday 25 November is still Tuesday 24 at 23:30 in São Paulo: Wednesday 25 and Thursday 26.
    clock = new Date('2026-11-25T02:30:00Z');
    const done = await finalize(await underAnalysis(pdfs('Fuso', 1)), [REJECT]);
    expect(done.statusCode, done.body).toBe(200);
    const rejected = evidenceQuestionSchema.parse(done.json());
    expect(rejected.prazoReenvio).toBe('2026-11-26');

    // Thursday 26 at 23:30 in São Paulo (already Friday in UTC): still open.
    clock = new Date('2026-11-27T02:30:00Z');
    const inTime = await upload(rejected.perguntaMunicipioId, pdfs('Reenvio no prazo', 1));
    expect(inTime.statusCode, inTime.body).toBe(200);
    // Friday 27 at 00:00:30 in São Paulo: closed, named with the São Paulo date.
    clock = new Date('2026-11-27T03:00:30Z');
    const late = await upload(rejected.perguntaMunicipioId, pdfs('Reenvio atrasado', 1));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'Prazo para envio de novo arquivo encerrou no dia 26/11/2026 às 23:59' });
    expect((await question(rejected.perguntaMunicipioId)).evidencias.map((e) => e.nomeArquivo).sort()).toEqual([
      'Fuso 1.pdf',
      'Reenvio no prazo 1.pdf',
    ]);
  });
});

describe('files per question (spec §5 "Evidence upload")', () => {
  it('question 13 takes up to two files, in one form or across several', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const { perguntaMunicipioId } = await freshQuestion(13);
    const three = await upload(perguntaMunicipioId, pdfs('Contrato', 3));
    expect(three.statusCode).toBe(400);
    expect(three.json()).toEqual({ message: 'Essa pergunta só aceita até dois arquivos' });
    expect((await question(perguntaMunicipioId)).evidencias).toEqual([]);

    const two = await upload(perguntaMunicipioId, pdfs('Contrato', 2));
    expect(two.statusCode, two.body).toBe(200);
    const third = await upload(perguntaMunicipioId, pdfs('Aditivo', 1));
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ message: 'Essa pergunta só aceita até dois arquivos' });
    expect((await question(perguntaMunicipioId)).evidencias.map((e) => e.nomeArquivo).sort()).toEqual(['Contrato 1.pdf', 'Contrato 2.pdf']);
  });

  it('question 3 takes up to the larger of the attendants registered and the current count, naming that number', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const { perguntaMunicipioId } = await freshQuestion(3, { atendentesCadastrados: 3 });
    const four = await upload(perguntaMunicipioId, pdfs('Certificado', 4));
    expect(four.statusCode).toBe(400);
    expect(four.json()).toEqual({ message: 'Essa pergunta só aceita até 3 arquivos' });

    expect((await upload(perguntaMunicipioId, pdfs('Certificado', 3))).statusCode).toBe(200);
    const fourth = await upload(perguntaMunicipioId, pdfs('Certificado extra', 1));
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toEqual({ message: 'Essa pergunta só aceita até 3 arquivos' });

    // Four attendants now: a fourth file fits, a fifth does not.
    const grown = await call('PUT', `/pergunta/perguntamunicipio/atualizar-pergunta-municipio-evidencia/${perguntaMunicipioId}`, {
      atualizacaoAtendentes: 4,
      valorInformado: 20,
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await upload(perguntaMunicipioId, pdfs('Certificado extra', 1))).statusCode).toBe(200);
    const fifth = await upload(perguntaMunicipioId, pdfs('Certificado demais', 1));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({ message: 'Essa pergunta só aceita até 4 arquivos' });
    expect((await question(perguntaMunicipioId)).evidencias).toHaveLength(4);
  });
});

describe('25 MB in total (spec §5, §9)', () => {
  /** Two PDFs, each well under the 25 MB of one file, together over the 25 MB total and under the form's cap. */
  const half = Math.ceil((MAX_UPLOAD_BYTES + 1024 * 1024) / 2);
  const twoHalves = (prefix: string): FileSpec[] => [
    { name: `${prefix} 1.pdf`, bytes: pdf(`${prefix} 1`, half) },
    { name: `${prefix} 2.pdf`, bytes: pdf(`${prefix} 2`, half) },
  ];

  it('one multipart form with several files over 25 MB together is refused while it streams, and nothing is stored', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const files = twoHalves('Metade');
    expect(files[0]!.bytes.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(2 * half).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(2 * half + 1024).toBeLessThan(MAX_FORM_BYTES);
    const { perguntaMunicipioId } = await freshQuestion(22);

    const res = await upload(perguntaMunicipioId, files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Total de arquivos não pode ser maior que 25MB!' });
    // Cut off where the total passed 25 MB, not read to the end and then refused.
    expect(res.headers.connection).toBe('close');
    const after = await question(perguntaMunicipioId);
    expect(after).toMatchObject({ evidencias: [], temArquivo: false, quantidadeArquivo: 0 });
    const history = await call('GET', `/pergunta/perguntaevidencia/historico/${perguntaMunicipioId}`);
    expect(history.json()).toEqual([]);
    // The parts stored before the refusal are deleted after the answer went out (the route's
    // onResponse hook): no upload row and no file of theirs may be left.
    await vi.waitFor(async () => {
      expect(
        await t.db
          .select()
          .from(uploadTable)
          .where(inArray(uploadTable.nome, ['Metade 1.pdf', 'Metade 2.pdf'])),
      ).toEqual([]);
      expect(await storedFilesStartingWith('%PDF-1.4\n% Metade')).toEqual([]);
    });
  });

  it('concluded uploads sent together over 25 MB are refused, and stay unclaimed', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const { perguntaMunicipioId } = await freshQuestion(22);
    const uploadIds: string[] = [];
    for (const file of twoHalves('Retomável')) {
      const started = await call('POST', '/upload', {
        chave: randomUUID(),
        nome: file.name,
        tamanho: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        finalidade: 'evidencia',
      });
      expect(started.statusCode, started.body).toBe(201);
      const { uploadId } = started.json() as { uploadId: string };
      for (let offset = 0; offset < file.bytes.length; offset += MAX_CHUNK_BYTES) {
        const put = await t.app.inject({
          method: 'PUT',
          url: `/api/upload/${uploadId}?offset=${offset}`,
          headers: { ...authHeaders(adminToken), 'content-type': 'application/octet-stream' },
          payload: file.bytes.subarray(offset, offset + MAX_CHUNK_BYTES),
        });
        expect(put.statusCode, put.body).toBe(200);
      }
      expect((await call('POST', `/upload/${uploadId}/concluir`)).statusCode).toBe(200);
      uploadIds.push(uploadId);
    }

    const both = await call('POST', '/pergunta/perguntamunicipio/salvarevidencias', { perguntaMunicipioId, uploadIds });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'Total de arquivos não pode ser maior que 25MB!' });
    expect((await question(perguntaMunicipioId)).evidencias).toEqual([]);
    // Neither was used up by the refusal: one alone is taken.
    const one = await call('POST', '/pergunta/perguntamunicipio/salvarevidencias', { perguntaMunicipioId, uploadIds: [uploadIds[0]] });
    expect(one.statusCode, one.body).toBe(200);
    expect(evidenceQuestionSchema.parse(one.json()).evidencias.map((e) => e.nomeArquivo)).toEqual(['Retomável 1.pdf']);
  });
});

describe('analysis (spec §4 "Evidence states", §5 "Finalizing analysis")', () => {
  it('approves only in the evidenciada and rejeitada tabs and rejects only in the evidenciada and aprovada tabs', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const evaluate = (q: EvidenceQuestion, name: string, decision: Decision) => {
      const file = q.evidencias.find((e) => e.nomeArquivo === name)!;
      return call('PUT', '/pergunta/perguntaevidencia', {
        perguntaEvidenciaId: file.perguntaEvidenciaId,
        perguntaMunicipioId: q.perguntaMunicipioId,
        ...decision,
      });
    };

    // A new file of an approved question is in the aprovada tab: it may be rejected, not approved.
    const approved = await finalizedWith(APPROVE);
    expect((await upload(approved.perguntaMunicipioId, pdfs('Nova na aprovada', 1))).statusCode).toBe(200);
    const inApproved = await question(approved.perguntaMunicipioId);
    const approve = await evaluate(inApproved, 'Nova na aprovada 1.pdf', APPROVE);
    expect(approve.statusCode).toBe(400);
    expect(approve.json()).toEqual({ message: 'Esta evidência não pode ser aprovada nesta aba.' });
    const reject = await evaluate(inApproved, 'Nova na aprovada 1.pdf', REJECT);
    expect(reject.statusCode, reject.body).toBe(200);
    expect(evidenceFileSchema.parse(reject.json())).toMatchObject({ rejeitada: true, aprovada: false });

    // A new file of a rejected question is in the rejeitada tab: it may be approved, not rejected.
    const rejected = await finalizedWith(REJECT);
    expect((await upload(rejected.perguntaMunicipioId, pdfs('Nova na rejeitada', 1))).statusCode).toBe(200);
    const inRejected = await question(rejected.perguntaMunicipioId);
    const refused = await evaluate(inRejected, 'Nova na rejeitada 1.pdf', REJECT);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Esta evidência não pode ser rejeitada nesta aba.' });
    const accepted = await evaluate(inRejected, 'Nova na rejeitada 1.pdf', APPROVE);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(evidenceFileSchema.parse(accepted.json())).toMatchObject({ aprovada: true, rejeitada: false });
  });

  it('does not finalize while a rejected file has no justification, and changes nothing', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const q = await underAnalysis(pdfs('Justificar', 2));
    for (const justificativa of [null, '   ']) {
      const res = await finalize(q, [APPROVE, { ...REJECT, justificativa }]);
      expect(res.statusCode, String(justificativa)).toBe(400);
      expect(res.json()).toEqual({ message: 'É obrigatório o preenchimento de uma justificativa para evidências rejeitadas!' });
    }
    const unchanged = await question(q.perguntaMunicipioId);
    expect(unchanged).toMatchObject({ evidenciada: true, aprovada: false, rejeitada: false, prazoReenvio: null, qtdRejeicao: 0 });
    expect(unchanged.evidencias.every((e) => !e.enviada && !e.aprovada && !e.rejeitada)).toBe(true);

    const justified = await finalize(q, [APPROVE, REJECT]);
    expect(justified.statusCode, justified.body).toBe(200);
    expect(evidenceQuestionSchema.parse(justified.json())).toMatchObject({ rejeitada: true, qtdRejeicao: 1 });
  });
});

describe('follow-ups (spec §4 "Follow-up")', () => {
  it('never finalizes the diagnostic follow-up, though the same admin finalizes a theme follow-up of the municipality', async () => {
    clock = new Date('2026-11-10T15:00:00Z');
    const { municipioId, temaId } = await freshQuestion(22);
    const opened = await call('GET', `/acompanhamento/acompanhamentos/novo/${municipioId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const diagnosticId = opened.json().acompanhamentoId as number;
    expect(diagnosticId).toBeGreaterThan(0);
    expect(followupSchema.parse((await call('GET', `/acompanhamento/${diagnosticId}`)).json()).diagnostico).toBe(true);

    const refused = await call('PUT', '/acompanhamento/acompanhamentos/finalizar', { acompanhamentoId: diagnosticId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: FOLLOWUP_MESSAGES.diagnosticNotFinalizable });
    expect(followupSchema.parse((await call('GET', `/acompanhamento/${diagnosticId}`)).json()).finalizado).toBe(false);

    const theme = await call('POST', '/acompanhamento', { municipioId, temaId });
    expect(theme.statusCode, theme.body).toBe(200);
    const done = await call('PUT', '/acompanhamento/acompanhamentos/finalizar', { acompanhamentoId: theme.json().acompanhamentoId });
    expect(done.statusCode, done.body).toBe(200);
    expect(followupSchema.parse(done.json())).toMatchObject({ diagnostico: false, finalizado: true });
  });
});
