import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../src/domain/report-common.ts';
import { publicReportSchema, reportSchema, type Report } from '../../src/domain/field-reports.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import {
  encontro,
  encontroConvidado,
  encontroTarefa,
  membro,
  municipio,
  municipioGrupo,
  municipioSolucao,
  municipioTarefa,
  relatorio,
  relatorioArquivo,
  upload,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, login, type TestApp, multipartForm } from './test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** Seeded municipalities of tenant sc by name: condutor@ holds roles in Florianópolis, Joinville and Chapecó; especialista@ (no analysis flag) in Florianópolis and Joinville; analista@ analyses 0, 1, 3 and 6. */
const city: Record<string, number> = {};
const userId: Record<string, number> = {};

async function token(user: string, tenant = 'sc') {
  const key = `${user}@${tenant}`;
  if (!tokens[key]) {
    tokens[key] = await login(t, `${user}@demo.local`, tenant);
  }
  return tokens[key];
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(
  method: Method,
  url: string,
  user = 'condutor',
  payload?: unknown,
  opts: { tenant?: string; headers?: Record<string, string> } = {},
) {
  const tenant = opts.tenant ?? 'sc';
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...authHeaders(await token(user, tenant), tenant), ...opts.headers },
    payload: payload as never,
  });
}

/** A meeting of the municipality with no report yet, with its group's members invited and two of its tasks. */
async function newMeeting(municipioId: number, tenant = 'sc') {
  const [group] = await t.db
    .select()
    .from(municipioGrupo)
    .where(eq(municipioGrupo.municipioId, municipioId))
    .orderBy(asc(municipioGrupo.grupoId))
    .limit(1);
  const inicio = new Date(Date.UTC(2026, 9, 1, 12) + Math.floor(Math.random() * 1e9));
  const [row] = await t.db
    .insert(encontro)
    .values({
      tenantId: tenant,
      municipioId,
      grupoId: group!.grupoId,
      inicio,
      fim: new Date(inicio.getTime() + 7_200_000),
      titulo: 'Encontro de teste',
    })
    .returning();
  const tasks = await t.db
    .select()
    .from(municipioTarefa)
    .where(eq(municipioTarefa.municipioId, municipioId))
    .orderBy(asc(municipioTarefa.municipioTarefaId))
    .limit(2);
  const members = await t.db.select().from(membro).where(eq(membro.municipioId, municipioId)).orderBy(asc(membro.membroId)).limit(3);
  for (const task of tasks)
    await t.db.insert(encontroTarefa).values({ tenantId: tenant, encontroId: row!.encontroId, municipioTarefaId: task.municipioTarefaId });
  for (const m of members)
    await t.db.insert(encontroConvidado).values({ tenantId: tenant, encontroId: row!.encontroId, membroId: m.membroId });
  return { encontroId: row!.encontroId, grupoNome: group!.nome, tasks, members };
}

async function body(municipioId: number, over: Record<string, unknown> = {}) {
  const meeting = await newMeeting(municipioId);
  return {
    meeting,
    payload: {
      municipioId,
      encontroId: meeting.encontroId,
      titulo: '',
      descricao: '<p>Encontro com o grupo</p>',
      tipoExecucaoRelatorioId: 1,
      horasUtilizadasString: '2',
      pfAtendidas: '10',
      pjAtendidas: 3,
      inicioString: '2026-10-01T09:00',
      fimString: '2026-10-01T11:00',
      convidadosRelatorio: meeting.members.map((m, i) => ({ membroId: m.membroId, presente: i > 0 })),
      tarefasRelatorio: meeting.tasks.map((task, i) => ({ municipioTarefaId: task.municipioTarefaId, cumprida: i === 0 })),
      ...over,
    },
  };
}

async function create(municipioId: number, over: Record<string, unknown> = {}, user = 'condutor'): Promise<Report> {
  const { payload } = await body(municipioId, over);
  const res = await call('POST', '/relatorio', user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return reportSchema.parse(res.json());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdfBytes = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(200)}\n%%EOF\n`);

/** A concluded 'anexo' upload through the resumable protocol, as the outbox sends files. */
async function uploadFile(bytes: Buffer, user = 'condutor', nome = 'lista de presença.pdf'): Promise<string> {
  const started = await call('POST', '/upload', user, {
    chave: randomUUID(),
    nome,
    tamanho: bytes.length,
    sha256: sha256(bytes),
    finalidade: 'anexo',
  });
  expect(started.statusCode, started.body).toBe(201);
  const { uploadId } = started.json() as { uploadId: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/upload/${uploadId}?offset=0`,
    headers: { ...authHeaders(await token(user)), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  const done = await call('POST', `/upload/${uploadId}/concluir`, user);
  expect(done.statusCode, done.body).toBe(200);
  return uploadId;
}

/** Requests carrying this header fail after their handler ran (the report committed), as a crash before the answer would. */
const FAIL_AFTER_HANDLER = 'x-teste-falha-apos-gravar';

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.addHook('preSerialization', async (request) => {
        if (request.headers[FAIL_AFTER_HANDLER]) throw new Error('falha simulada depois da gravação');
      });
    },
  });
  for (const row of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[row.nome] = row.municipioId;
  for (const user of ['condutor', 'especialista', 'analista', 'admin', 'membro']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      headers: { database: 'sc' },
      payload: { login: `${user}@demo.local`, senha: 'demo1234' },
    });
    tokens[`${user}@sc`] = res.json().token;
    userId[user] = res.json().usuario.usuarioId;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('create (POST api/relatorio)', () => {
  it('creates the report with guests, tasks and attachments, waiting for analysis', async () => {
    const bytes = pdfBytes('create');
    const uploadId = await uploadFile(bytes);
    const report = await create(city['Florianópolis']!, { arquivosUploadIds: [uploadId] });
    expect(report).toMatchObject({
      municipioId: city['Florianópolis'],
      usuarioId: userId.condutor,
      statusRelatorioId: 2,
      statusNome: 'Aguardando análise',
      pfAtendidas: 10,
      pjAtendidas: 3,
      horasUtilizadasString: '2',
      municipio: { nome: 'Florianópolis', uf: 'SC' },
    });
    // An empty title takes the meeting's group and date, as the form does.
    expect(report.titulo).toMatch(/^.+ - \d{2}\/\d{2}\/2026$/);
    expect(report.convidadosRelatorio).toHaveLength(3);
    expect(report.convidadosRelatorio.filter((g) => g.presente)).toHaveLength(2);
    expect(report.tarefasRelatorio.map((x) => x.cumprida)).toEqual([true, false]);
    expect(report.horasTarefas).toBe(report.tarefasRelatorio[0]!.municipioTarefa.horas);
    expect(report.arquivos).toEqual([
      { arquivoId: expect.any(Number), uploadId, nome: 'lista de presença.pdf', tamanho: bytes.length, sha256: sha256(bytes), tipo: 'pdf' },
    ]);
    expect(report.codigoPublico).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const again = await call('GET', `/relatorio/get-by-id/${report.relatorioId}`);
    expect(again.json()).toEqual(report);
  });

  it('answers each §5 rule in order with its exact message (400)', async () => {
    const floripa = city['Florianópolis']!;
    const message = async (over: Record<string, unknown>, headers?: Record<string, string>) => {
      const { payload } = await body(floripa, over);
      const res = await call('POST', '/relatorio', 'condutor', payload, { headers });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await message({ descricao: '<p></p>', encontroId: null, tipoExecucaoRelatorioId: null })).toBe(
      'É necessário preencher o relatório do evento',
    );
    // A description that is only a script has no text once sanitised.
    expect(await message({ descricao: '<script>alert(1)</script>' })).toBe('É necessário preencher o relatório do evento');
    expect(await message({ encontroId: null, tipoExecucaoRelatorioId: null })).toBe('O encontro deve estar preenchido');
    expect(await message({ encontroId: null }, { variante: 'at' })).toBe('A agenda deve estar preenchido');
    expect(await message({ tipoExecucaoRelatorioId: null, horasUtilizadasString: '' })).toBe('O tipo de execução deve estar preenchido');
    expect(await message({ pfAtendidas: '1,5' })).toBe(REPORT_MESSAGES.somenteNumeros);
  });

  it('reads empty hours as 0 in SC', async () => {
    const report = await create(city['Joinville']!, { horasUtilizadasString: '' });
    expect(report.horasUtilizadasString).toBe('0');
  });

  it('sanitises the description: text and formatting stay, scripts and handlers go', async () => {
    const descricao =
      '<p onclick="steal()">Texto <b>importante</b><script>alert(1)</script><a href="javascript:alert(2)">link</a><img src="x" onerror="alert(3)"><a href="https://exemplo.com.br" target="_blank">site</a></p><style>p{}</style>';
    const report = await create(city['Florianópolis']!, { descricao });
    expect(report.descricao).toContain('Texto <b>importante</b>');
    expect(report.descricao).toContain('link');
    expect(report.descricao).toContain('<a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">site</a>');
    for (const gone of ['script', 'alert', 'onclick', 'onerror', 'javascript:', '<img', '<style'])
      expect(report.descricao).not.toContain(gone);
  });

  it('refuses a second report of a meeting (409), foreign guests and tasks (400)', async () => {
    const { payload } = await body(city['Florianópolis']!);
    expect((await call('POST', '/relatorio', 'condutor', payload)).statusCode).toBe(201);
    const twice = await call('POST', '/relatorio', 'condutor', payload);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este encontro já tem relatório.');

    const [outsider] = await t.db.select().from(membro).where(eq(membro.municipioId, city['Joinville']!)).limit(1);
    const guest = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { convidadosRelatorio: [{ membroId: outsider!.membroId, presente: true }] })).payload,
    );
    expect(guest.statusCode).toBe(400);
    expect(guest.json().message).toBe(REPORT_MESSAGES.convidadoInvalido);
    // A guest registered offline whose temporary id was never replaced is not a member.
    const temp = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { convidadosRelatorio: [{ membroId: -1, presente: true }] })).payload,
    );
    expect(temp.statusCode).toBe(400);

    const [foreignTask] = await t.db.select().from(municipioTarefa).where(eq(municipioTarefa.municipioId, city['Joinville']!)).limit(1);
    const task = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { tarefasRelatorio: [{ municipioTarefaId: foreignTask!.municipioTarefaId, cumprida: true }] }))
        .payload,
    );
    expect(task.statusCode).toBe(400);
    expect(task.json().message).toBe(REPORT_MESSAGES.tarefaInvalida);

    const otherMeeting = await newMeeting(city['Joinville']!);
    const wrongCity = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { encontroId: otherMeeting.encontroId })).payload,
    );
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().message).toBe(REPORT_MESSAGES.encontroNaoEncontrado);
  });

  it('needs novoRelatorio (403) and a visible municipality (404)', async () => {
    const analyst = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      headers: { database: 'sc' },
      payload: { login: 'analista@demo.local', senha: 'demo1234' },
    });
    expect(analyst.json().usuario.grupo.novoRelatorio).toBe(false);
    const { payload } = await body(city['Florianópolis']!);
    const refused = await call('POST', '/relatorio', 'analista', payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REPORT_MESSAGES.semPermissaoCriar);

    const hidden = await call('POST', '/relatorio', 'condutor', (await body(city['Lages']!)).payload);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Município não encontrado.');
  });

  it('is created once under replay: same Idempotency-Key twice → one report, the same answer', async () => {
    const { payload, meeting } = await body(city['Chapecó']!);
    const headers = { [IDEMPOTENCY_HEADER]: `rel-${randomUUID()}` };
    const first = await call('POST', '/relatorio', 'condutor', payload, { headers });
    const second = await call('POST', '/relatorio', 'condutor', payload, { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(second.json()).toEqual(first.json());
    const [{ n }] = (await t.db.select({ n: count() }).from(relatorio).where(eq(relatorio.encontroId, meeting.encontroId))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('30 concurrent copies under one Idempotency-Key: every one answered 201 with the same report, one report stored', async () => {
    const { payload, meeting } = await body(city['Chapecó']!);
    const headers = { [IDEMPOTENCY_HEADER]: `rajada-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/relatorio', 'condutor', payload, { headers })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    expect(answers.filter((r) => r.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(29);
    const first = answers[0]!.json();
    for (const answer of answers) expect(answer.json()).toEqual(first);
    const [{ n }] = (await t.db.select({ n: count() }).from(relatorio).where(eq(relatorio.encontroId, meeting.encontroId))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('a failure after the report committed still replays that report to the retry, never a second run', async () => {
    const { payload, meeting } = await body(city['Chapecó']!);
    const key = `pos-falha-${randomUUID()}`;
    const failed = await call('POST', '/relatorio', 'condutor', payload, {
      headers: { [IDEMPOTENCY_HEADER]: key, [FAIL_AFTER_HANDLER]: '1' },
    });
    expect(failed.statusCode).toBe(500);
    const retried = await call('POST', '/relatorio', 'condutor', payload, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    const report = reportSchema.parse(retried.json());
    expect(report.encontroId).toBe(meeting.encontroId);
    const [{ n }] = (await t.db.select({ n: count() }).from(relatorio).where(eq(relatorio.encontroId, meeting.encontroId))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('multipart under one Idempotency-Key: the same form (new boundary) replays, another form is a 409 and is not stored', async () => {
    const formFor = async (texto: string) => {
      const { payload, meeting } = await body(city['Joinville']!);
      const fields = {
        municipioId: String(payload.municipioId),
        encontroId: String(payload.encontroId),
        descricao: payload.descricao,
        tipoExecucaoRelatorioId: '1',
        horasUtilizadasString: '2',
        pfAtendidas: '1',
        convidadosRelatorioString: JSON.stringify(payload.convidadosRelatorio),
        tarefasRelatorioString: JSON.stringify(payload.tarefasRelatorio),
      };
      return { fields, files: [{ name: 'lista.pdf', bytes: pdfBytes(texto) }], meeting };
    };
    const send = async (form: { payload: Buffer; contentType: string }, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/relatorio',
        headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType, [IDEMPOTENCY_HEADER]: key },
        payload: form.payload,
      });
    const key = `form-${randomUUID()}`;
    const one = await formFor('primeiro');
    const first = await send(multipartForm(one.fields, one.files), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(multipartForm(one.fields, one.files), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());

    const other = await formFor('segundo');
    const refused = await send(multipartForm(other.fields, other.files), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.chaveReutilizada);
    const sameFieldsOtherFile = await send(multipartForm(one.fields, [{ name: 'lista.pdf', bytes: pdfBytes('outro arquivo') }]), key);
    expect(sameFieldsOtherFile.statusCode).toBe(409);
    const [{ n }] = (await t.db.select({ n: count() }).from(relatorio).where(eq(relatorio.encontroId, other.meeting.encontroId))) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("accepts the spec's multipart form with arquivos parts and *String fields", async () => {
    const { payload } = await body(city['Joinville']!);
    const bytes = pdfBytes('multipart');
    const form = multipartForm(
      {
        municipioId: String(payload.municipioId),
        encontroId: String(payload.encontroId),
        titulo: 'Relatório por formulário',
        descricao: payload.descricao,
        tipoExecucaoRelatorioId: '2',
        horasUtilizadasString: '3',
        pfAtendidas: '4',
        pjAtendidas: '',
        inicioString: '',
        fimString: '',
        observacoes: 'Observação',
        motivoRejeicao: '',
        complemento: '',
        convidadosRelatorioString: JSON.stringify(payload.convidadosRelatorio),
        tarefasRelatorioString: JSON.stringify(payload.tarefasRelatorio),
      },
      [{ name: 'relatório final.pdf', bytes }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/relatorio',
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = reportSchema.parse(res.json());
    expect(report).toMatchObject({
      titulo: 'Relatório por formulário',
      tipoExecucaoRelatorioId: 2,
      pfAtendidas: 4,
      pjAtendidas: null,
      observacoes: 'Observação',
    });
    expect(report.convidadosRelatorio).toHaveLength(3);
    expect(report.arquivos).toMatchObject([{ nome: 'relatório final.pdf', tamanho: bytes.length, sha256: sha256(bytes) }]);

    const download = await call('POST', `/arquivo/anexo/download/${report.arquivos[0]!.arquivoId}`);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('a refused multipart form leaves no stored file behind', async () => {
    const before = (await t.db.select({ n: count() }).from(upload))[0]!.n;
    const form = multipartForm({ municipioId: String(city['Joinville']), descricao: '' }, [{ name: 'a.pdf', bytes: pdfBytes('refused') }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/relatorio',
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('É necessário preencher o relatório do evento');
    // The unclaimed upload is removed once the answer has gone out, not before it.
    await expect.poll(async () => (await t.db.select({ n: count() }).from(upload))[0]!.n).toBe(before);
  });
});

describe('attachments', () => {
  it('are claimed once and downloaded only by users allowed to see the report', async () => {
    const bytes = pdfBytes('download');
    const uploadId = await uploadFile(bytes);
    const report = await create(city['Florianópolis']!, { arquivosUploadIds: [uploadId] });
    const reused = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { arquivosUploadIds: [uploadId] })).payload,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(UPLOAD_MESSAGES.uploadJaUsado);

    const id = report.arquivos[0]!.arquivoId;
    const own = await call('POST', `/arquivo/anexo/download/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="lista de presenca.pdf"; filename*=UTF-8''lista%20de%20presen%C3%A7a.pdf`,
    );
    expect(own.rawPayload.equals(bytes)).toBe(true);
    expect((await call('POST', `/arquivo/anexo/download/${id}`, 'analista')).statusCode).toBe(200);
    // Another consultant of the same municipality does not see the report, nor its files.
    expect((await call('POST', `/arquivo/anexo/download/${id}`, 'especialista')).statusCode).toBe(404);
    expect((await call('POST', `/arquivo/anexo/download/${id}`, 'admin', undefined, { tenant: 'ms' })).statusCode).toBe(404);
  });

  it("someone else's upload cannot be attached", async () => {
    const uploadId = await uploadFile(pdfBytes('foreign'), 'especialista');
    const res = await call(
      'POST',
      '/relatorio',
      'condutor',
      (await body(city['Florianópolis']!, { arquivosUploadIds: [uploadId] })).payload,
    );
    expect(res.statusCode).toBe(404);
  });

  it('seeded reports have a PDF on disk that downloads', async () => {
    const [file] = await t.db
      .select()
      .from(relatorioArquivo)
      .where(eq(relatorioArquivo.tenantId, 'sc'))
      .orderBy(asc(relatorioArquivo.arquivoId))
      .limit(1);
    const res = await call('POST', `/arquivo/anexo/download/${file!.arquivoId}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(res.rawPayload)).toBe(file!.sha256);
  });
});

describe('visibility, analysis and the rejection reason', () => {
  // Each test gets its own waiting report and removes it, whatever state the test left it in.
  let report: Report;
  beforeEach(async () => {
    report = await create(city['Joinville']!);
  });
  afterEach(async () => {
    expect([204, 404]).toContain((await call('DELETE', `/relatorio/${report.relatorioId}`, 'admin')).statusCode);
  });

  it('only the author and analysts see a report; other tenants and municipalities get 404', async () => {
    expect((await call('GET', `/relatorio/get-by-id/${report.relatorioId}`, 'analista')).statusCode).toBe(200);
    expect((await call('GET', `/relatorio/get-by-id/${report.relatorioId}`, 'especialista')).statusCode).toBe(404);
    expect((await call('GET', `/relatorio/get-by-id/${report.relatorioId}`, 'admin', undefined, { tenant: 'ms' })).statusCode).toBe(404);
    expect((await call('GET', `/relatorio/get-by-municipio/${city['Lages']}`)).statusCode).toBe(404);
    const list = (await call('GET', `/relatorio/get-by-municipio/${city['Joinville']}`, 'especialista')).json() as { usuarioId: number }[];
    expect(list.every((r) => r.usuarioId === userId.especialista)).toBe(true);
  });

  it('analysing needs podeAnalisarRelatorio (403) and a reason to reject (400)', async () => {
    const refused = await call('PUT', '/relatorio/analisar-relatorio', 'condutor', { relatorioId: report.relatorioId, aprovado: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REPORT_MESSAGES.semPermissaoAnalisar);
    const noReason = await call('PUT', '/relatorio/analisar-relatorio', 'analista', {
      relatorioId: report.relatorioId,
      aprovado: false,
      motivoRejeicao: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Informe o motivo da rejeição');
  });

  it('a rejected report shows its reason to the author and the analyst, and the author may edit it back to waiting', async () => {
    const rejected = await call('PUT', '/relatorio/analisar-relatorio', 'analista', {
      relatorioId: report.relatorioId,
      aprovado: false,
      motivoRejeicao: 'Falta a lista de presença',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ statusRelatorioId: 3, motivoRejeicao: 'Falta a lista de presença' });
    const mine = (await call('GET', `/relatorio/get-by-municipio/${city['Joinville']}`)).json() as {
      relatorioId: number;
      motivoRejeicao: string | null;
      encontroId: number | null;
    }[];
    expect(mine.find((r) => r.relatorioId === report.relatorioId)?.motivoRejeicao).toBe('Falta a lista de presença');
    // The list row names the meeting, so an offline device knows which meetings already have a report.
    expect(mine.find((r) => r.relatorioId === report.relatorioId)?.encontroId).toBe(report.encontroId);

    const { payload } = await body(city['Joinville']!);
    const edited = await call('PUT', '/relatorio', 'condutor', {
      ...payload,
      relatorioId: report.relatorioId,
      titulo: 'Corrigido',
      descricao: '<p>Com a lista</p>',
      convidadosRelatorio: report.convidadosRelatorio.map((g) => ({ membroId: g.membroId, presente: true })),
      tarefasRelatorio: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ titulo: 'Corrigido', statusRelatorioId: 2, encontroId: report.encontroId, tarefasRelatorio: [] });
    expect((await call('PUT', '/relatorio', 'especialista', { ...payload, relatorioId: report.relatorioId })).statusCode).toBe(404);
  });

  it('an approved report is read-only and only an admin deletes it', async () => {
    const approved = await call('PUT', '/relatorio/analisar-relatorio', 'analista', { relatorioId: report.relatorioId, aprovado: true });
    expect(approved.json()).toMatchObject({ statusRelatorioId: 4, motivoRejeicao: null });
    const { payload } = await body(city['Joinville']!);
    const edit = await call('PUT', '/relatorio', 'condutor', { ...payload, relatorioId: report.relatorioId });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(REPORT_MESSAGES.semPermissaoEditar);
    expect((await call('DELETE', `/relatorio/${report.relatorioId}`)).statusCode).toBe(403);
    expect((await call('DELETE', `/relatorio/${report.relatorioId}`, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `/relatorio/get-by-id/${report.relatorioId}`, 'admin')).statusCode).toBe(404);
  });

  it('the author deletes a report while it waits; its files go with it', async () => {
    const bytes = pdfBytes('delete');
    const waiting = await create(city['Joinville']!, { arquivosUploadIds: [await uploadFile(bytes)] });
    expect((await call('DELETE', `/relatorio/${waiting.relatorioId}`)).statusCode).toBe(204);
    expect((await call('POST', `/arquivo/anexo/download/${waiting.arquivos[0]!.arquivoId}`)).statusCode).toBe(404);
    expect(await t.db.select().from(upload).where(eq(upload.uploadId, waiting.arquivos[0]!.uploadId))).toEqual([]);
  });
});

describe('task progress summary', () => {
  type TaskRow = { municipioTarefaId: number; cumprida: boolean; horasUtilizadas: number };

  /** What the progress calls answer for the given tasks: without a period, and with one covering today. */
  async function progressOf(municipioId: number, ids: number[]) {
    const pick = (rows: TaskRow[]) =>
      ids.map((id) => {
        const row = rows.find((r) => r.municipioTarefaId === id);
        return row && { cumprida: row.cumprida, horasUtilizadas: row.horasUtilizadas };
      });
    const byTask = await call('GET', `/dashboard/get-andamento-tarefas/${municipioId}`);
    expect(byTask.statusCode, byTask.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const inPeriod = await call('POST', '/municipio/municipiotarefa/get-andamento-by-filtro', 'condutor', {
      municipioId,
      dataInicio: '2000-01-01',
      dataFim: today.replace(/^\d{4}/, (y) => String(Number(y) + 1)),
    });
    expect(inPeriod.statusCode, inPeriod.body).toBe(200);
    const plain = pick(byTask.json() as TaskRow[]);
    // The municipality's totals likewise, from the summary columns and from the period's report lines.
    const period = { dataInicio: '2000-01-01', dataFim: '2099-12-31' };
    const totals = await call('POST', '/dashboard/get-andamento-municipios', 'condutor', { municipioId });
    const totalsInPeriod = await call('POST', '/dashboard/get-andamento-municipios', 'condutor', { municipioId, ...period });
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totalsInPeriod.json()).toEqual(totals.json());
    // Every report here was created today: a period around it counts the same as no period.
    expect(pick((inPeriod.json() as { linhas: TaskRow[] }).linhas)).toEqual(plain);
    return plain;
  }

  it('matches, for every task of the seeded tenants, the hours and done flag recomputed from the report lines', async () => {
    // The formula the progress calls used before the summary (and the migration's backfill).
    const result = await t.db.execute(sql`
      with per_report as (select relatorio_id, count(*) as n from relatorio_tarefa group by relatorio_id),
      formula as (
        select rt.municipio_tarefa_id, bool_or(rt.cumprida) as cumprida,
               sum((case when r.horas_utilizadas_string ~ '^[0-9]{1,6}$' then r.horas_utilizadas_string::numeric else 0 end) / pr.n) as horas
          from relatorio_tarefa rt
          join relatorio r on r.relatorio_id = rt.relatorio_id
          join per_report pr on pr.relatorio_id = rt.relatorio_id
         group by rt.municipio_tarefa_id
      )
      select count(*) filter (where f.municipio_tarefa_id is not null) as com_relatorio,
             count(*) filter (where mt.horas_utilizadas <> coalesce(f.horas, 0) or mt.cumprida <> coalesce(f.cumprida, false)) as divergentes
        from municipio_tarefa mt left join formula f on f.municipio_tarefa_id = mt.municipio_tarefa_id`);
    const [row] = (result as unknown as { rows: Array<{ com_relatorio: unknown; divergentes: unknown }> }).rows;
    expect(Number(row!.com_relatorio)).toBeGreaterThan(0);
    expect(Number(row!.divergentes)).toBe(0);
  });

  it('follows a report’s save, edit and delete: the hours split across its tasks and the done flag', async () => {
    const municipioId = city['Joinville']!;
    const [solution] = await t.db.select().from(municipioSolucao).where(eq(municipioSolucao.municipioId, municipioId)).limit(1);
    const [a, b] = await t.db
      .insert(municipioTarefa)
      .values(
        ['Resumo A', 'Resumo B'].map((nome) => ({
          tenantId: 'sc',
          municipioId,
          municipioSolucaoId: solution!.municipioSolucaoId,
          nome,
          horas: 5,
        })),
      )
      .returning();
    const ids = [a!.municipioTarefaId, b!.municipioTarefaId];
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: false, horasUtilizadas: 0 },
      { cumprida: false, horasUtilizadas: 0 },
    ]);

    const first = await create(municipioId, {
      horasUtilizadasString: '6',
      tarefasRelatorio: [
        { municipioTarefaId: a!.municipioTarefaId, cumprida: true },
        { municipioTarefaId: b!.municipioTarefaId, cumprida: false },
      ],
    });
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: true, horasUtilizadas: 3 },
      { cumprida: false, horasUtilizadas: 3 },
    ]);

    const second = await create(municipioId, {
      horasUtilizadasString: '4',
      tarefasRelatorio: [{ municipioTarefaId: b!.municipioTarefaId, cumprida: false }],
    });
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: true, horasUtilizadas: 3 },
      { cumprida: false, horasUtilizadas: 7 },
    ]);

    // The edit changes the hours and drops task A: A loses its share, B takes the whole report.
    const { payload } = await body(municipioId);
    const edited = await call('PUT', '/relatorio', 'condutor', {
      ...payload,
      encontroId: first.encontroId,
      relatorioId: first.relatorioId,
      horasUtilizadasString: '9',
      tarefasRelatorio: [{ municipioTarefaId: b!.municipioTarefaId, cumprida: true }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: false, horasUtilizadas: 0 },
      { cumprida: true, horasUtilizadas: 13 },
    ]);

    // An edit that adds a task: the second report's hours are now split in two.
    const widened = await call('PUT', '/relatorio', 'condutor', {
      ...payload,
      encontroId: second.encontroId,
      relatorioId: second.relatorioId,
      horasUtilizadasString: '10',
      tarefasRelatorio: [
        { municipioTarefaId: a!.municipioTarefaId, cumprida: false },
        { municipioTarefaId: b!.municipioTarefaId, cumprida: false },
      ],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: false, horasUtilizadas: 5 },
      { cumprida: true, horasUtilizadas: 14 },
    ]);

    expect((await call('DELETE', `/relatorio/${first.relatorioId}`)).statusCode).toBe(204);
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: false, horasUtilizadas: 5 },
      { cumprida: false, horasUtilizadas: 5 },
    ]);
    expect((await call('DELETE', `/relatorio/${second.relatorioId}`)).statusCode).toBe(204);
    expect(await progressOf(municipioId, ids)).toEqual([
      { cumprida: false, horasUtilizadas: 0 },
      { cumprida: false, horasUtilizadas: 0 },
    ]);
  });
});

describe('lists and aggregates', () => {
  it('get-by-municipio lists the seeded reports of every status for an analyst, newest first', async () => {
    const res = await call('GET', `/relatorio/get-by-municipio/${city['Chapecó']}`, 'analista');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { statusRelatorioId: number; criacao: string; motivoRejeicao: string | null; usuario: { nome: string } }[];
    expect(new Set(rows.map((r) => r.statusRelatorioId))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(rows.map((r) => r.criacao)).toEqual([...rows.map((r) => r.criacao)].sort().reverse());
    expect(rows.find((r) => r.statusRelatorioId === 3)?.motivoRejeicao).toBeTruthy();
    expect(rows[0]!.usuario.nome).toBeTruthy();
  });

  it('get-by-usuario: own reports for the user, any user for analysts, 403 for others', async () => {
    const own = (await call('GET', `/relatorio/get-by-usuario/${userId.condutor}/0`)).json() as {
      usuarioId: number;
      municipioId: number;
    }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.usuarioId === userId.condutor)).toBe(true);
    const inJoinville = (await call('GET', `/relatorio/get-by-usuario/${userId.condutor}/${city['Joinville']}`, 'analista')).json() as {
      municipioId: number;
    }[];
    expect(inJoinville.length).toBeGreaterThan(0);
    expect(inJoinville.every((r) => r.municipioId === city['Joinville'])).toBe(true);
    expect((await call('GET', `/relatorio/get-by-usuario/${userId.condutor}/0`, 'especialista')).statusCode).toBe(403);
  });

  it('get-by-filtro and get-by-filtro-novo filter by municipality, consultant, status and period', async () => {
    const filter = { municipioIds: [city['Chapecó']], statusRelatorioIds: [4], inicio: '2020-01-01', fim: '2030-12-31' };
    const rows = (await call('POST', '/relatorio/get-by-filtro', 'analista', filter)).json() as {
      statusRelatorioId: number;
      municipioId: number;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.statusRelatorioId === 4 && r.municipioId === city['Chapecó'])).toBe(true);
    const rich = (await call('POST', '/relatorio/get-by-filtro-novo', 'analista', filter)).json() as {
      municipio: { nome: string };
      quantidadeArquivos: number;
    }[];
    expect(rich[0]).toMatchObject({ municipio: { nome: 'Chapecó' }, quantidadeArquivos: 1 });
    // A period before everything returns nothing; a municipality the analyst does not see is ignored.
    expect((await call('POST', '/relatorio/get-by-filtro', 'analista', { ...filter, fim: '2020-01-02' })).json()).toEqual([]);
    expect((await call('POST', '/relatorio/get-by-filtro', 'analista', { municipioIds: [city['Lages']] })).json()).toEqual([]);
    // Non-analysts only ever get their own reports.
    const mine = (await call('POST', '/relatorio/get-by-filtro', 'especialista', {})).json() as { usuarioId: number }[];
    expect(mine.every((r) => r.usuarioId === userId.especialista)).toBe(true);
    const bad = await call('POST', '/relatorio/get-by-filtro', 'analista', { inicio: '01/01/2020' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Data inválida');
  });

  it('get-by-processo-pagamento lists the approved reports of a user with their task hours', async () => {
    const res = await call('GET', `/relatorio/get-by-processo-pagamento/${userId.condutor}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { relatorioId: number; horasTarefas: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 3)) {
      const full = (await call('GET', `/relatorio/get-by-id/${row.relatorioId}`)).json() as Report;
      expect(full.statusRelatorioId).toBe(4);
      expect(row.horasTarefas).toBe(full.horasTarefas);
    }
    expect((await call('GET', `/relatorio/get-by-processo-pagamento/${userId.condutor}`, 'especialista')).statusCode).toBe(403);
  });

  it('monthly, global and per-consultant aggregates add up to the filtered list', async () => {
    const filter = { municipioIds: [city['Florianópolis'], city['Chapecó']] };
    const list = (await call('POST', '/relatorio/get-by-filtro-novo', 'analista', filter)).json() as {
      horasTarefas: number;
      statusRelatorioId: number;
    }[];
    const sumOf = (rows: { quantidade: number; horasTarefas: number; aprovados: number }[]) => ({
      quantidade: rows.reduce((a, r) => a + r.quantidade, 0),
      aprovados: rows.reduce((a, r) => a + r.aprovados, 0),
      horas: Math.round(rows.reduce((a, r) => a + r.horasTarefas, 0) * 100),
    });
    const expected = {
      quantidade: list.length,
      aprovados: list.filter((r) => r.statusRelatorioId === 4).length,
      horas: Math.round(list.reduce((a, r) => a + r.horasTarefas, 0) * 100),
    };
    const monthly = (await call('POST', '/relatorio/relatorio-mensal', 'analista', filter)).json() as {
      mes: string;
      quantidade: number;
      horasTarefas: number;
      aprovados: number;
    }[];
    expect(monthly.every((r) => /^\d{4}-\d{2}$/.test(r.mes))).toBe(true);
    expect(sumOf(monthly)).toEqual(expected);
    const global = (await call('POST', '/relatorio/relatorio-global', 'analista', filter)).json() as {
      municipioId: number;
      quantidade: number;
      horasTarefas: number;
      aprovados: number;
    }[];
    expect(global.map((r) => r.municipioId).sort()).toEqual([city['Florianópolis'], city['Chapecó']].sort());
    expect(sumOf(global)).toEqual(expected);
    const perConsultant = (await call('POST', '/relatorio/novo-relatorio-global', 'analista', filter)).json() as {
      usuarioNome: string;
      quantidade: number;
      horasTarefas: number;
      aprovados: number;
    }[];
    expect(perConsultant.every((r) => r.usuarioNome)).toBe(true);
    expect(sumOf(perConsultant)).toEqual(expected);
  });

  it('relatorio-municipio-pontuacao scores a visible municipality from its reports', async () => {
    const res = await call('POST', `/relatorio/relatorio-municipio-pontuacao/${city['Chapecó']}`, 'analista');
    expect(res.statusCode).toBe(200);
    const score = res.json();
    expect(score).toMatchObject({ municipioId: city['Chapecó'], municipioNome: 'Chapecó' });
    expect(score.quantidadeRelatorios).toBeGreaterThanOrEqual(5);
    expect(score.aprovados).toBeGreaterThanOrEqual(1);
    expect(score.pontuacao).toBeGreaterThanOrEqual(score.aprovados * 10);
    expect(score.percentualPresenca).toBeGreaterThan(0);
    expect(score.percentualPresenca).toBeLessThanOrEqual(100);
    expect((await call('POST', `/relatorio/relatorio-municipio-pontuacao/${city['Lages']}`)).statusCode).toBe(404);
  });
});

describe('mail', () => {
  it('send-mail-report mails a summary with the public link to each address', async () => {
    const report = await create(city['Chapecó']!);
    const before = t.mails.length;
    const res = await call('POST', '/relatorio/send-mail-report', 'condutor', {
      relatorioId: report.relatorioId,
      emails: ['a@exemplo.com.br', 'b@exemplo.com.br'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enviados: 2 });
    const sent = t.mails.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['a@exemplo.com.br', 'b@exemplo.com.br']);
    expect(sent[0]!.subject).toBe(`Relatório: ${report.titulo}`);
    expect(sent[0]!.text).toContain('Encontro com o grupo');
    // The link names its tenant, so it opens there even on a device that remembers another variant.
    expect(sent[0]!.text).toContain(`/obter_publico/${report.codigoPublico}?variante=cidade-empreendedora&uf=SC`);
    const none = await call('POST', '/relatorio/send-mail-report', 'condutor', { relatorioId: report.relatorioId, emails: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(REPORT_MESSAGES.emailsObrigatorios);
    expect(
      (await call('POST', '/relatorio/send-mail-report', 'especialista', { relatorioId: report.relatorioId, emails: ['a@exemplo.com.br'] }))
        .statusCode,
    ).toBe(404);
  });

  it('envio-pesquisa mails the survey to the present guests that have an e-mail', async () => {
    const report = await create(city['Chapecó']!);
    const expected = report.convidadosRelatorio.filter((g) => g.presente && g.email).map((g) => g.email);
    expect(expected.length).toBeGreaterThan(0);
    const before = t.mails.length;
    const res = await call('GET', `/relatorio/envio-pesquisa/${report.relatorioId}`);
    expect(res.json()).toEqual({ enviados: expected.length });
    const sent = t.mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([...expected].sort());
    expect(sent[0]!.subject).toBe(`Pesquisa de satisfação: ${report.titulo}`);
    const absent = report.convidadosRelatorio.find((g) => !g.presente)!;
    expect(sent.map((m) => m.to)).not.toContain(absent.email);
  });
});

describe('public page', () => {
  it('shows a report by its code without login, and nothing private', async () => {
    const report = await create(city['Florianópolis']!, { arquivosUploadIds: [await uploadFile(pdfBytes('public'))] });
    await call('PUT', '/relatorio/analisar-relatorio', 'analista', {
      relatorioId: report.relatorioId,
      aprovado: false,
      motivoRejeicao: 'MOTIVO-SECRETO',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/relatorio/obter-publico/${report.codigoPublico}`,
      headers: { database: 'sc' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(publicReportSchema.strict().parse(page)).toBeTruthy();
    expect(page.titulo).toBe(report.titulo);
    expect(page.convidados).toEqual(report.convidadosRelatorio.map((g) => ({ nome: g.nome, presente: g.presente })));
    expect(page.arquivos).toEqual([{ nome: 'lista de presença.pdf' }]);
    for (const g of report.convidadosRelatorio) {
      if (g.email) expect(res.body).not.toContain(g.email);
      if (g.cpf) expect(res.body).not.toContain(g.cpf);
    }
    expect(res.body).not.toContain('MOTIVO-SECRETO');
    expect(res.body).not.toContain(report.usuario.nome);
  });

  it('cannot be enumerated by id, nor read from another tenant', async () => {
    const report = await create(city['Florianópolis']!);
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/relatorio/obter-publico/${report.relatorioId}`,
      headers: { database: 'sc' },
    });
    expect([400, 404]).toContain(byId.statusCode);
    const otherTenant = await t.app.inject({
      method: 'GET',
      url: `/api/relatorio/obter-publico/${report.codigoPublico}`,
      headers: { database: 'ms' },
    });
    expect(otherTenant.statusCode).toBe(404);
    const guessed = await t.app.inject({
      method: 'GET',
      url: `/api/relatorio/obter-publico/${'A'.repeat(24)}`,
      headers: { database: 'sc' },
    });
    expect(guessed.statusCode).toBe(404);
  });
});

describe('seed', () => {
  it('gives each municipality with meetings reports in every status, with guests and tasks', async () => {
    const rows = await t.db
      .select({ status: relatorio.statusRelatorioId, n: count() })
      .from(relatorio)
      .where(and(eq(relatorio.tenantId, 'ms')))
      .groupBy(relatorio.statusRelatorioId);
    expect(rows.map((r) => r.status).sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('access declared on the endpoint (issue 26 item 2)', () => {
  it('creating refuses before the body is validated: 403 without novoRelatorio, 404 for a municipality out of sight', async () => {
    for (const payload of [{}, { municipioId: 'x', encontroId: -1 }]) {
      const res = await call('POST', '/relatorio', 'analista', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(REPORT_MESSAGES.semPermissaoCriar);
    }
    const hidden = await call('POST', '/relatorio', 'condutor', { municipioId: city['Lages'], encontroId: 'x', titulo: 7 });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Município não encontrado.');
  });
});
