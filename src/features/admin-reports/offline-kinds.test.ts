import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REPORT_MESSAGES, type AdminReport } from '../../domain/admin-reports.ts';
import { REPORT_STATUS } from '../../domain/report-common.ts';
import type { LoginResponse } from '../../domain/session.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { openOfflineDb, type OfflineDb } from '../../offline/db.ts';
import { createSyncEngine } from '../../offline/engine.ts';
import { registerMutationKind } from '../../offline/kinds.ts';
import { createMemoryLocks } from '../../offline/locks.ts';
import { discard, enqueue, listEntries, OutboxValidationError, updateParked } from '../../offline/outbox.ts';
import { FakeApi } from '../../offline/testing/fake-api.ts';
import type { Transport, TransportRequest } from '../../offline/transport-types.ts';
import { signIn } from '../../session/store.ts';
import { listedAdminReports } from './form-logic.ts';
import { adminReportCreateKind } from './offline-kinds.ts';

/**
 * The real administrative report kind (admin-report-create) through the real engine, against a
 * transport that answers as the server's administrative report and upload routes do: what the
 * city's list shows before and after sending (listedAdminReports, as the screen reads it), and
 * what the server receives.
 */

registerMutationKind(adminReportCreateKind);

const PATH = 'relatorioadministrativo/relatorioadministrativo';
let dbCounter = 0;
const opened: OfflineDb[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

beforeAll(() => {
  signIn({
    token: 'token-admin-reports',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: 8, nome: 'Carlos Dias' },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse);
});

/**
 * The administrative report and upload routes, in memory, with the server's idempotency (a repeated
 * key replays the first answer). `fail` answers the next report request with that status;
 * `answerWithoutFiles` makes the next answer leave the attachments out.
 */
function adminReportServer() {
  const uploads = new FakeApi();
  const uploadTransport = uploads.transport();
  const uploaded = new Map<string, { nome: string; tamanho: number; sha256: string }>();
  const reports = new Map<number, AdminReport>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const seen: { method: string; path: string; key: string | undefined; json: unknown }[] = [];
  let nextId = 300;
  let nextFile = 1;
  const server = { reports, seen, fail: null as { status: number; message: string } | null, answerWithoutFiles: false };
  const answer = (status: number, body: unknown) => ({ status, body, headers: { get: () => null } });

  const transport: Transport = async (request: TransportRequest) => {
    if (request.path.startsWith('upload')) {
      const response = await uploadTransport(request);
      const status = response.body as { uploadId?: string; nome: string; tamanho: number; sha256: string };
      if (request.method === 'POST' && request.path === 'upload' && status.uploadId) {
        uploaded.set(status.uploadId, { nome: status.nome, tamanho: status.tamanho, sha256: status.sha256 });
      }
      return response;
    }
    const key = request.headers[IDEMPOTENCY_HEADER];
    seen.push({ method: request.method, path: request.path, key, json: request.json });
    if (server.fail) {
      const { status, message } = server.fail;
      server.fail = null;
      return answer(status, { message });
    }
    const replay = key === undefined ? undefined : replies.get(key);
    if (replay) return answer(replay.status, replay.body);
    if (request.method !== 'POST' || request.path !== PATH) return answer(404, { message: 'Rota não encontrada.' });
    const json = request.json as { municipioId: number; titulo: string; horas: number; descricao: string; arquivosUploadIds: string[] };
    const id = nextId++;
    const report: AdminReport = {
      relatorioAdministrativoId: id,
      titulo: json.titulo,
      horas: json.horas,
      descricao: json.descricao,
      municipioId: json.municipioId,
      municipio: { nome: 'Joinville', uf: 'SC' },
      usuarioId: 8,
      usuario: { nome: 'Carlos Dias' },
      criacao: '2026-03-11T12:00:00.000Z',
      statusRelatorioId: REPORT_STATUS.enviado,
      statusNome: 'Aguardando análise',
      motivoRejeicao: null,
      arquivos: json.arquivosUploadIds.map((uploadId) => ({ arquivoId: nextFile++, uploadId, ...uploaded.get(uploadId)!, tipo: 'application/pdf' })),
      codigoPublico: `publico-${id}`,
    };
    reports.set(id, report);
    const body = server.answerWithoutFiles ? { ...report, arquivos: [] } : report;
    server.answerWithoutFiles = false;
    if (key !== undefined) replies.set(key, { status: 201, body });
    return answer(201, body);
  };
  return { server, transport };
}

async function setup() {
  const db = await openOfflineDb('admin-report-kinds', ++dbCounter);
  opened.push(db);
  const { server, transport } = adminReportServer();
  let clock = 1_000_000;
  const engine = createSyncEngine({
    openDb: async () => db,
    transport,
    locks: createMemoryLocks(),
    channel: null,
    now: () => clock,
    random: () => 1,
    uploadChunkBytes: 4,
  });
  /** The city's list as the screen shows it: the device's rows with the refusals of parked entries. */
  const list = async () => listedAdminReports(await db.relatoriosAdministrativos.where('municipioId').equals(3).toArray(), await listEntries(db));
  return { db, server, engine, list, advance: (ms: number) => (clock += ms) };
}

const draft = { municipioId: 3, titulo: 'Planejamento mensal', horas: '6', descricao: '<p>Agenda de março</p>' };

describe('administrative report created offline (admin-report-create)', () => {
  it('lists the report at once as pending, by its author, then with the server id once sent under the entry’s key', async () => {
    const { db, server, engine, list } = await setup();
    const entry = await enqueue(db, adminReportCreateKind, draft, { municipioId: 3 });
    expect(entry.label).toBe('Relatório administrativo Planejamento mensal');
    expect(await list()).toMatchObject([
      { relatorioAdministrativoId: entry.tempId, titulo: 'Planejamento mensal', horas: 6, usuario: { nome: 'Carlos Dias' }, pending: true, attention: null },
    ]);

    await engine.drain();
    expect(server.seen).toEqual([{ method: 'POST', path: PATH, key: entry.id, json: { ...draft, horas: 6, arquivosUploadIds: [] } }]);
    expect(await list()).toMatchObject([{ relatorioAdministrativoId: 300, titulo: 'Planejamento mensal', horas: 6, pending: false }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a report without hours before queueing anything', async () => {
    const { db, list } = await setup();
    const refused = enqueue(db, adminReportCreateKind, { ...draft, horas: '' });
    await expect(refused).rejects.toBeInstanceOf(OutboxValidationError);
    await expect(refused).rejects.toThrow(ADMIN_REPORT_MESSAGES.horasObrigatorias);
    expect(await list()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('uploads the attachments first and retires the entry and its stored files once the server confirms them', async () => {
    const { db, server, engine } = await setup();
    const pdf = new Blob(['%PDF-1.4 agenda'], { type: 'application/pdf' });
    await enqueue(db, adminReportCreateKind, draft, { files: [{ blob: pdf, name: 'agenda.pdf' }] });
    await engine.drain();
    const sent = server.seen[0]!.json as { arquivosUploadIds: string[] };
    expect(sent.arquivosUploadIds).toHaveLength(1);
    expect(server.reports.get(300)!.arquivos).toMatchObject([{ uploadId: sent.arquivosUploadIds[0], nome: 'agenda.pdf', tamanho: pdf.size }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });

  it('keeps the entry and its files, requiring attention, when the server does not confirm the attachments', async () => {
    const { db, server, engine } = await setup();
    server.answerWithoutFiles = true;
    const entry = await enqueue(db, adminReportCreateKind, draft, { files: [{ blob: new Blob(['%PDF-1.4']), name: 'agenda.pdf' }] });
    await engine.drain();
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'attention', lastError: { message: expect.stringContaining('não confirmou o recebimento') } });
    expect(await db.files.count()).toBe(1);
  });

  it('parks a report the server refuses and shows its message on the pending row; edited, it is sent again under a new key', async () => {
    const { db, server, engine, list } = await setup();
    server.fail = { status: 403, message: ADMIN_REPORT_MESSAGES.oculto };
    const entry = await enqueue(db, adminReportCreateKind, draft, { municipioId: 3 });
    await engine.drain();
    expect(await list()).toMatchObject([{ relatorioAdministrativoId: entry.tempId, pending: true, attention: 'Relatórios administrativos não estão disponíveis para o seu grupo.' }]);
    expect(server.reports.size).toBe(0);

    const edited = await updateParked(db, entry.id, { ...draft, titulo: 'Planejamento de março' });
    expect(edited.id).not.toBe(entry.id);
    expect(await list()).toMatchObject([{ relatorioAdministrativoId: entry.tempId, titulo: 'Planejamento de março', pending: true, attention: null }]);
    await engine.drain();
    expect(server.seen.map((s) => s.key)).toEqual([entry.id, edited.id]);
    expect(await list()).toMatchObject([{ relatorioAdministrativoId: 300, titulo: 'Planejamento de março', pending: false }]);
  });

  it('removes the pending row when the report is discarded', async () => {
    const { db, list } = await setup();
    const entry = await enqueue(db, adminReportCreateKind, draft, { municipioId: 3 });
    await discard(db, entry.id);
    expect(await list()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});
