import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../src/domain/report-common.ts';
import { ADMIN_REPORT_MESSAGES, type AdminReport, type AdminReportListItem } from '../../src/domain/admin-reports.ts';
import { IDEMPOTENCY_HEADER, UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import { configuracao, municipio, upload, usuarioGrupo } from '../../server/db/schema/index.ts';
import { sanitizeReportHtml } from '../../server/lib/sanitize-html.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * Administrative reports (issue 5 item 6) against the real app: who creates, sees, edits, analyses
 * and deletes them (the field-report rules of spec §6), their attachments, and the
 * ocultarRelatorioAdministrativos switch. Seeded users (tenant sc): condutor (Consultor:
 * novoRelatorio; Florianópolis, Joinville, Chapecó), especialista (Consultor; Florianópolis,
 * Joinville), analista (podeAnalisarRelatorio; Florianópolis, Joinville, Chapecó, Itajaí), membro
 * (no report flags), administrador (group Administrador), admin (built-in full admin).
 */

const BASE = '/api/relatorioadministrativo/relatorioadministrativo';

let t: TestApp;
const city: Record<string, number> = {};

const token = demoSignIns(() => t);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, user: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...authHeaders(await token(user)), ...headers }, payload: payload as never });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function pdf(size = 2048): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** A concluded upload for an attachment, through the real resumable protocol. */
async function uploaded(user: string, bytes = pdf(), nome = 'ata.pdf'): Promise<string> {
  const start = await call('POST', '/api/upload', user, {
    chave: randomUUID(),
    nome,
    tamanho: bytes.length,
    sha256: sha256(bytes),
    finalidade: 'anexo',
  });
  expect(start.statusCode, start.body).toBe(201);
  const { uploadId } = start.json() as { uploadId: string };
  const put = await call('PUT', `/api/upload/${uploadId}?offset=0`, user, bytes, { 'content-type': 'application/octet-stream' });
  expect(put.statusCode, put.body).toBe(200);
  const done = await call('POST', `/api/upload/${uploadId}/concluir`, user);
  expect(done.statusCode, done.body).toBe(200);
  return uploadId;
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    municipioId: city['Florianópolis'],
    titulo: 'Planejamento mensal com a prefeitura',
    horas: '6',
    descricao: '<p>Reunião de planejamento das ações do mês.</p>',
    ...overrides,
  };
}

async function create(user = 'condutor', overrides: Record<string, unknown> = {}): Promise<AdminReport> {
  const res = await call('POST', BASE, user, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setHidden(hidden: boolean) {
  const [group] = await t.db
    .select()
    .from(usuarioGrupo)
    .where(and(eq(usuarioGrupo.tenantId, 'sc'), eq(usuarioGrupo.nome, 'Consultor')));
  await t.db.update(usuarioGrupo).set({ ocultarRelatorioAdministrativos: hidden }).where(eq(usuarioGrupo.grupoId, group!.grupoId));
  await t.db.update(configuracao).set({ ocultarRelatorioAdministrativos: hidden }).where(eq(configuracao.tenantId, 'sc'));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
});
afterAll(async () => t?.close());

describe('sanitiser', () => {
  it('keeps the text and formatting of a hostile description and drops scripts, handlers and javascript: links', () => {
    const clean = sanitizeReportHtml(
      '<p onclick="steal()">Visita <strong>técnica</strong><script>alert(1)</script></p><style>p{}</style>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a><a href="https://sebrae.com.br" target="_blank">site</a>',
    );
    expect(clean).toContain('Visita <strong>técnica</strong>');
    expect(clean).toContain('link');
    expect(clean).toContain('href="https://sebrae.com.br"');
    expect(clean).toContain('rel="noopener noreferrer"');
    for (const bad of ['script', 'alert', 'onclick', 'onerror', 'javascript:', 'style', '<img']) expect(clean).not.toContain(bad);
  });
});

describe('create (POST)', () => {
  it('creates a report waiting for analysis, with the sanitised description, and answers it', async () => {
    const report = await create('condutor', { descricao: '<p>Ata <em>assinada</em><script>alert(1)</script></p>', horas: 8 });
    expect(report).toMatchObject({
      municipioId: city['Florianópolis'],
      titulo: 'Planejamento mensal com a prefeitura',
      horas: 8,
      descricao: '<p>Ata <em>assinada</em></p>',
      statusRelatorioId: 2,
      statusNome: 'Aguardando análise',
      motivoRejeicao: null,
      arquivos: [],
      municipio: { nome: 'Florianópolis', uf: 'SC' },
      usuario: { nome: expect.any(String) },
    });
    expect(report.codigoPublico.length).toBeGreaterThanOrEqual(20);
    const again = await call('GET', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor');
    expect(again.json()).toEqual(report);
  });

  it('claims the attachments once and lists them with their hashes, so the device can drop its copies', async () => {
    const bytes = pdf(5000);
    const uploadId = await uploaded('condutor', bytes, 'Lista de presença.pdf');
    const report = await create('condutor', { arquivosUploadIds: [uploadId] });
    expect(report.arquivos).toEqual([
      { arquivoId: expect.any(Number), uploadId, nome: 'Lista de presença.pdf', tamanho: 5000, sha256: sha256(bytes), tipo: 'pdf' },
    ]);
    const reuse = await call('POST', BASE, 'condutor', body({ arquivosUploadIds: [uploadId] }));
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe(UPLOAD_MESSAGES.uploadJaUsado);
  });

  it("refuses someone else's upload and leaves no report behind", async () => {
    const uploadId = await uploaded('especialista');
    const before = (await call('GET', `${BASE}/get-by-municipio/${city['Florianópolis']}`, 'condutor')).json().length;
    const res = await call('POST', BASE, 'condutor', body({ arquivosUploadIds: [uploadId] }));
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `${BASE}/get-by-municipio/${city['Florianópolis']}`, 'condutor')).json()).toHaveLength(before);
    const [row] = await t.db.select().from(upload).where(eq(upload.uploadId, uploadId));
    expect(row!.claimedAt).toBeNull();
  });

  it('answers bad input with pt-BR messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ titulo: '  ' }, ADMIN_REPORT_MESSAGES.tituloObrigatorio],
      [{ horas: '' }, ADMIN_REPORT_MESSAGES.horasObrigatorias],
      [{ horas: '4h' }, REPORT_MESSAGES.somenteNumeros],
      [{ descricao: '<p> </p>' }, ADMIN_REPORT_MESSAGES.descricaoObrigatoria],
      // Only a script: empty once the server has cleaned it, whatever the client claimed.
      [{ descricao: '<script>alert("texto")</script>' }, ADMIN_REPORT_MESSAGES.descricaoObrigatoria],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', BASE, 'condutor', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('needs novoRelatorio (403) and a municipality the user sees (404)', async () => {
    const analyst = await call('POST', BASE, 'analista', body());
    expect(analyst.statusCode).toBe(403);
    expect(analyst.json().message).toBe(REPORT_MESSAGES.semPermissaoCriar);
    const elsewhere = await call('POST', BASE, 'condutor', body({ municipioId: city['Blumenau'] }));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Município não encontrado.');
  });

  it('is created once when the outbox sends it again with the same Idempotency-Key', async () => {
    const key = `admin-report-${randomUUID()}`;
    const payload = body({ titulo: `Relatório idempotente ${key}` });
    const first = await call('POST', BASE, 'condutor', payload, { [IDEMPOTENCY_HEADER]: key });
    const second = await call('POST', BASE, 'condutor', payload, { [IDEMPOTENCY_HEADER]: key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const list: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-municipio/${city['Florianópolis']}`, 'condutor')).json();
    expect(list.filter((r) => r.titulo === payload.titulo)).toHaveLength(1);
  });
});

describe('who sees what', () => {
  let mine: AdminReport;
  let theirs: AdminReport;

  beforeAll(async () => {
    mine = await create('condutor', { titulo: 'Relatório do condutor', municipioId: city['Joinville'] });
    theirs = await create('especialista', { titulo: 'Relatório da especialista', municipioId: city['Joinville'] });
  });

  it('a consultant lists and opens only their own reports; an analyst sees every report of the city', async () => {
    const own: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-municipio/${city['Joinville']}`, 'condutor')).json();
    expect(own.map((r) => r.relatorioAdministrativoId)).toContain(mine.relatorioAdministrativoId);
    expect(own.map((r) => r.relatorioAdministrativoId)).not.toContain(theirs.relatorioAdministrativoId);
    expect(own.every((r) => r.usuarioId === mine.usuarioId)).toBe(true);

    const hidden = await call('GET', `${BASE}/${theirs.relatorioAdministrativoId}`, 'condutor');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(ADMIN_REPORT_MESSAGES.naoEncontrado);

    const all: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-municipio/${city['Joinville']}`, 'analista')).json();
    expect(all.map((r) => r.relatorioAdministrativoId)).toEqual(
      expect.arrayContaining([mine.relatorioAdministrativoId, theirs.relatorioAdministrativoId]),
    );
    expect((await call('GET', `${BASE}/${theirs.relatorioAdministrativoId}`, 'analista')).statusCode).toBe(200);
  });

  it('a city the user does not see is a 404, even for an analyst', async () => {
    const res = await call('GET', `${BASE}/get-by-municipio/${city['Blumenau']}`, 'analista');
    expect(res.statusCode).toBe(404);
    const other = await create('admin', { municipioId: city['Blumenau'] });
    expect((await call('GET', `${BASE}/${other.relatorioAdministrativoId}`, 'analista')).statusCode).toBe(404);
  });

  it('get-by-usuario: one user’s reports (0 = every visible municipality); others’ only for analysts', async () => {
    const own: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-usuario/${mine.usuarioId}/0`, 'condutor')).json();
    expect(own.map((r) => r.relatorioAdministrativoId)).toContain(mine.relatorioAdministrativoId);
    expect(own.every((r) => r.usuarioId === mine.usuarioId)).toBe(true);
    const inCity: AdminReportListItem[] = (
      await call('GET', `${BASE}/get-by-usuario/${mine.usuarioId}/${city['Florianópolis']}`, 'condutor')
    ).json();
    expect(inCity.every((r) => r.municipioId === city['Florianópolis'])).toBe(true);
    expect(inCity.map((r) => r.relatorioAdministrativoId)).not.toContain(mine.relatorioAdministrativoId);

    expect((await call('GET', `${BASE}/get-by-usuario/${theirs.usuarioId}/0`, 'condutor')).statusCode).toBe(403);
    const byAnalyst: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-usuario/${theirs.usuarioId}/0`, 'analista')).json();
    expect(byAnalyst.map((r) => r.relatorioAdministrativoId)).toContain(theirs.relatorioAdministrativoId);
  });

  it('get-by-filtro narrows by municipality, user, status and period, within what the caller may see', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const filter = { municipioIds: [city['Joinville']], usuarioIds: [], statusRelatorioIds: [2], inicio: today, fim: today };
    const analyst: AdminReportListItem[] = (await call('POST', `${BASE}/get-by-filtro`, 'analista', filter)).json();
    expect(analyst.map((r) => r.relatorioAdministrativoId)).toEqual(
      expect.arrayContaining([mine.relatorioAdministrativoId, theirs.relatorioAdministrativoId]),
    );
    expect(analyst.every((r) => r.municipioId === city['Joinville'] && r.statusRelatorioId === 2)).toBe(true);

    const byUser: AdminReportListItem[] = (
      await call('POST', `${BASE}/get-by-filtro`, 'analista', { ...filter, usuarioIds: [theirs.usuarioId] })
    ).json();
    expect(byUser.map((r) => r.relatorioAdministrativoId)).toContain(theirs.relatorioAdministrativoId);
    expect(byUser.every((r) => r.usuarioId === theirs.usuarioId)).toBe(true);

    const yesterday = await call('POST', `${BASE}/get-by-filtro`, 'analista', { ...filter, inicio: '2020-01-01', fim: '2020-01-31' });
    expect(yesterday.json()).toEqual([]);

    // A consultant filtering by another user still gets only their own reports.
    const consultant: AdminReportListItem[] = (
      await call('POST', `${BASE}/get-by-filtro`, 'condutor', { ...filter, usuarioIds: [theirs.usuarioId] })
    ).json();
    expect(consultant.every((r) => r.usuarioId === mine.usuarioId)).toBe(true);

    // A municipality the analyst does not see yields nothing from it.
    const blumenau = await call('POST', `${BASE}/get-by-filtro`, 'analista', { municipioIds: [city['Blumenau']] });
    expect(blumenau.json()).toEqual([]);

    const bad = await call('POST', `${BASE}/get-by-filtro`, 'analista', { inicio: '01/03/2025' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(REPORT_MESSAGES.dataInvalida);
  });
});

describe('analysis, edit and delete', () => {
  it('an analyst rejects with a reason, the author sees it, edits (back to waiting) and the analyst approves', async () => {
    const report = await create('condutor', { titulo: 'Relatório a analisar' });
    const id = report.relatorioAdministrativoId;

    const noReason = await call('PUT', `${BASE}/analisar-relatorio-administrativo`, 'analista', {
      relatorioAdministrativoId: id,
      aprovado: false,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(REPORT_MESSAGES.motivoObrigatorio);

    const byConsultant = await call('PUT', `${BASE}/analisar-relatorio-administrativo`, 'condutor', {
      relatorioAdministrativoId: id,
      aprovado: true,
    });
    expect(byConsultant.statusCode).toBe(403);
    expect(byConsultant.json().message).toBe(REPORT_MESSAGES.semPermissaoAnalisar);

    const rejected = await call('PUT', `${BASE}/analisar-relatorio-administrativo`, 'analista', {
      relatorioAdministrativoId: id,
      aprovado: false,
      motivoRejeicao: 'Faltou a lista de presença',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ statusRelatorioId: 3, statusNome: 'Rejeitado', motivoRejeicao: 'Faltou a lista de presença' });

    const authorList: AdminReportListItem[] = (await call('GET', `${BASE}/get-by-municipio/${city['Florianópolis']}`, 'condutor')).json();
    expect(authorList.find((r) => r.relatorioAdministrativoId === id)).toMatchObject({
      statusRelatorioId: 3,
      motivoRejeicao: 'Faltou a lista de presença',
    });

    const edited = await call('PUT', BASE, 'condutor', {
      relatorioAdministrativoId: id,
      titulo: 'Relatório a analisar (corrigido)',
      horas: 7,
      descricao: '<p>Com a lista de presença.</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ statusRelatorioId: 2, horas: 7, titulo: 'Relatório a analisar (corrigido)' });

    const approved = await call('PUT', `${BASE}/analisar-relatorio-administrativo`, 'analista', {
      relatorioAdministrativoId: id,
      aprovado: true,
    });
    expect(approved.json()).toMatchObject({ statusRelatorioId: 4, statusNome: 'Aprovado', motivoRejeicao: null });

    // Approved is read-only for the author, and no longer theirs to delete.
    const late = await call('PUT', BASE, 'condutor', { relatorioAdministrativoId: id, titulo: 'x', horas: 1, descricao: '<p>x</p>' });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(REPORT_MESSAGES.semPermissaoEditar);
    const remove = await call('DELETE', `${BASE}/${id}`, 'condutor');
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(REPORT_MESSAGES.semPermissaoExcluir);
  });

  it('only the author edits, and the edit can add and remove attachments', async () => {
    const first = await uploaded('condutor', pdf(), 'primeiro.pdf');
    const report = await create('condutor', { arquivosUploadIds: [first] });
    const second = await uploaded('condutor', pdf(), 'segundo.pdf');
    const payload = {
      relatorioAdministrativoId: report.relatorioAdministrativoId,
      titulo: report.titulo,
      horas: report.horas,
      descricao: report.descricao,
      arquivosUploadIds: [second],
      arquivosExcluidosIds: [report.arquivos[0]!.arquivoId],
    };
    expect((await call('PUT', BASE, 'analista', payload)).statusCode).toBe(403);
    const res = await call('PUT', BASE, 'condutor', payload);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminReport).arquivos.map((a) => a.nome)).toEqual(['segundo.pdf']);
    const download = await call(
      'POST',
      `/api/arquivo/anexo/download/relatorio-administrativo/${report.arquivos[0]!.arquivoId}`,
      'condutor',
    );
    expect(download.statusCode).toBe(404);
  });

  it('the author deletes a report waiting for analysis; its files go with it', async () => {
    const uploadId = await uploaded('condutor');
    const report = await create('condutor', { arquivosUploadIds: [uploadId] });
    expect((await call('DELETE', `${BASE}/${report.relatorioAdministrativoId}`, 'especialista')).statusCode).toBe(404);
    const res = await call('DELETE', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor');
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor')).statusCode).toBe(404);
    expect(await t.db.select().from(upload).where(eq(upload.uploadId, uploadId))).toEqual([]);
  });
});

describe('attachments', () => {
  it('downloads the bytes with the file name only for users who may see the report', async () => {
    const bytes = pdf(3000);
    const report = await create('condutor', { arquivosUploadIds: [await uploaded('condutor', bytes, 'Relatório março.pdf')] });
    const url = `/api/arquivo/anexo/download/relatorio-administrativo/${report.arquivos[0]!.arquivoId}`;
    for (const user of ['condutor', 'analista', 'admin']) {
      const res = await call('POST', url, user);
      expect(res.statusCode, user).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Relatório março.pdf')}`);
    }
    for (const user of ['especialista', 'membro']) expect((await call('POST', url, user)).statusCode, user).toBe(404);
    const msReport = await call('POST', url, 'admin', undefined, { database: 'ms', authorization: `Bearer ${await token('admin', 'ms')}` });
    expect(msReport.statusCode).toBe(404);
  });

  it('excluir-relatorio-anexo removes one file for the author; others get 404 or 403', async () => {
    const report = await create('condutor', { arquivosUploadIds: [await uploaded('condutor'), await uploaded('condutor')] });
    const [a, b] = report.arquivos;
    const url = (id: number) => `/api/arquivo/anexo/excluir-relatorio-anexo/${id}`;
    expect((await call('POST', url(a!.arquivoId), 'especialista')).statusCode).toBe(404);
    const analyst = await call('POST', url(a!.arquivoId), 'analista');
    expect(analyst.statusCode).toBe(403);
    const res = await call('POST', url(a!.arquivoId), 'condutor');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminReport).arquivos.map((f) => f.arquivoId)).toEqual([b!.arquivoId]);
    expect((await call('POST', url(a!.arquivoId), 'condutor')).statusCode).toBe(404);
  });
});

describe('ocultarRelatorioAdministrativos', () => {
  it('hides every endpoint from the group with 403 and a pt-BR message, and not from the full admin', async () => {
    const report = await create('condutor');
    await setHidden(true);
    try {
      const attempts = [
        await call('POST', BASE, 'condutor', body()),
        await call('GET', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor'),
        await call('GET', `${BASE}/get-by-municipio/${city['Florianópolis']}`, 'condutor'),
        await call('POST', `${BASE}/get-by-filtro`, 'condutor', {}),
        await call('DELETE', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor'),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_REPORT_MESSAGES.oculto);
      }
      expect((await call('GET', `${BASE}/${report.relatorioAdministrativoId}`, 'admin')).statusCode).toBe(200);
    } finally {
      await setHidden(false);
    }
    expect((await call('GET', `${BASE}/${report.relatorioAdministrativoId}`, 'condutor')).statusCode).toBe(200);
  });
});

describe('public page', () => {
  it('answers by the public code only, without author, status or reason', async () => {
    const report = await create('condutor', {
      titulo: 'Relatório público',
      arquivosUploadIds: [await uploaded('condutor', pdf(), 'anexo.pdf')],
    });
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/obter-publico/${report.codigoPublico}`, headers: { database: 'sc' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      titulo: 'Relatório público',
      horas: 6,
      municipio: { nome: 'Florianópolis', uf: 'SC' },
      data: report.criacao,
      descricao: report.descricao,
      arquivos: [{ nome: 'anexo.pdf' }],
    });
    const guess = await t.app.inject({ method: 'GET', url: `${BASE}/obter-publico/${'a'.repeat(24)}`, headers: { database: 'sc' } });
    expect(guess.statusCode).toBe(404);
    const byId = await t.app.inject({ method: 'GET', url: `${BASE}/${report.relatorioAdministrativoId}`, headers: { database: 'sc' } });
    expect(byId.statusCode).toBe(401);
  });
});

describe('access declared on the endpoint (issue 26 item 2)', () => {
  it('refuses before the body is validated: 403 without novoRelatorio, 404 for a report out of sight, whatever body', async () => {
    for (const payload of [{}, { municipioId: 'x', horas: -1 }, 'not json']) {
      const res = await call('POST', BASE, 'analista', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(REPORT_MESSAGES.semPermissaoCriar);
    }
    const theirs = await create('condutor', { titulo: 'Relatório de outro autor' });
    const hidden = await call('PUT', BASE, 'especialista', { relatorioAdministrativoId: theirs.relatorioAdministrativoId, titulo: '' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(ADMIN_REPORT_MESSAGES.naoEncontrado);
  });

  it('hides the feature (403, its message) before the body is validated', async () => {
    await setHidden(true);
    try {
      const res = await call('PUT', BASE, 'condutor', { titulo: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_REPORT_MESSAGES.oculto);
    } finally {
      await setHidden(false);
    }
  });
});
