import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../domain/field-reports.ts';
import type { Member } from '../../domain/members.ts';
import { REPORT_MESSAGES, REPORT_STATUS } from '../../domain/report-common.ts';
import type { LoginResponse } from '../../domain/session.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/uploads.ts';
import { memberCreateKind } from '../../entities/members/kinds.ts';
import { openOfflineDb, type OfflineDb } from '../../offline/db.ts';
import { createSyncEngine } from '../../offline/engine.ts';
import { registerMutationKind } from '../../offline/kinds.ts';
import { createMemoryLocks } from '../../offline/locks.ts';
import { discard, enqueue, OutboxValidationError } from '../../offline/outbox.ts';
import { FIRST_TEMP_ID } from '../../offline/temp-ids.ts';
import { FakeApi } from '../../offline/testing/fake-api.ts';
import type { Transport, TransportRequest } from '../../offline/transport-types.ts';
import { signIn } from '../../session/store.ts';
import { reportCreateKind } from './offline-kinds.ts';

/**
 * The real field report kind (report-create), with the real member registration kind for guests
 * registered offline, through the real engine, against a transport that answers as the server's
 * member, report and upload routes do: what the city's report list shows before and after sending,
 * and what the server receives.
 */

registerMutationKind(memberCreateKind);
registerMutationKind(reportCreateKind);

let dbCounter = 0;
const opened: OfflineDb[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

beforeAll(() => {
  // The local row names its author from the session, as the list shows it before the server answers.
  signIn({
    token: 'token-field-reports',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: { usuarioId: 7, nome: 'Beatriz Lima' },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse);
});

type Seen = { method: string; path: string; key: string | undefined; json: unknown };

/**
 * The member, report and upload routes, in memory. Like the server, a report whose guest is not a
 * member of the city is refused (422), and a repeated Idempotency-Key replays the first answer
 * instead of creating the report again. `fail` answers the next request to a path ending so with
 * that status; `dropAnswer` applies the next report and then loses its answer (the connection fell).
 */
function reportServer() {
  const uploads = new FakeApi();
  const uploadTransport = uploads.transport();
  const uploaded = new Map<string, { nome: string; tamanho: number; sha256: string }>();
  const members = new Map<number, Member>();
  const reports = new Map<number, Report>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const seen: Seen[] = [];
  let nextMember = 500;
  let nextReport = 900;
  let nextFile = 1;
  const server = { members, reports, seen, fail: null as { path: string; status: number; message: string } | null, dropAnswer: false };

  const answer = (status: number, body: unknown) => ({ status, body, headers: { get: () => null } });

  function createReport(json: Record<string, unknown>): { status: number; body: unknown } {
    const guests = json.convidadosRelatorio as { membroId: number; presente: boolean }[];
    const municipioId = json.municipioId as number;
    if (guests.some((g) => members.get(g.membroId)?.municipioId !== municipioId)) {
      return { status: 422, body: { message: REPORT_MESSAGES.convidadoInvalido } };
    }
    const relatorioId = nextReport++;
    const report: Report = {
      relatorioId,
      titulo: json.titulo as string,
      descricao: json.descricao as string,
      encontroId: json.encontroId as number,
      encontro: {
        encontroId: json.encontroId as number,
        grupoNome: 'Comitê Gestor',
        inicio: '2026-03-10T13:00:00Z',
        fim: '2026-03-10T15:00:00Z',
      },
      municipioId,
      municipio: { nome: 'Joinville', uf: 'SC' },
      usuarioId: 7,
      usuario: { nome: 'Beatriz Lima' },
      criacao: '2026-03-10T16:00:00.000Z',
      statusRelatorioId: REPORT_STATUS.enviado,
      statusNome: 'Aguardando análise',
      motivoRejeicao: null,
      complemento: null,
      observacoes: null,
      pjAtendidas: null,
      pfAtendidas: null,
      tipoExecucaoRelatorioId: null,
      horasUtilizadasString: null,
      inicioString: null,
      fimString: null,
      horasTarefas: 0,
      convidadosRelatorio: guests.map((g) => ({
        membroId: g.membroId,
        nome: members.get(g.membroId)!.nome,
        cpf: null,
        email: null,
        presente: g.presente,
      })),
      tarefasRelatorio: [],
      arquivos: (json.arquivosUploadIds as string[]).map((uploadId) => ({
        arquivoId: nextFile++,
        uploadId,
        ...uploaded.get(uploadId)!,
        tipo: 'application/pdf',
      })),
      codigoPublico: `publico-${relatorioId}`,
    };
    reports.set(relatorioId, report);
    return { status: 201, body: report };
  }

  const transport: Transport = async (request: TransportRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (request.path.startsWith('upload')) {
      const response = await uploadTransport(request);
      const status = response.body as { uploadId?: string; nome: string; tamanho: number; sha256: string };
      if (request.method === 'POST' && request.path === 'upload' && status.uploadId) {
        uploaded.set(status.uploadId, { nome: status.nome, tamanho: status.tamanho, sha256: status.sha256 });
      }
      return response;
    }
    seen.push({ method: request.method, path: request.path, key, json: request.json });
    if (server.fail && request.path.endsWith(server.fail.path)) {
      const { status, message } = server.fail;
      server.fail = null;
      return answer(status, { message });
    }
    const replay = key === undefined ? undefined : replies.get(key);
    if (replay) return answer(replay.status, replay.body);
    const json = request.json as Record<string, unknown>;
    let reply: { status: number; body: unknown };
    if (request.path === 'municipio/membro/cadastrar-membro') {
      const membroId = nextMember++;
      const member: Member = {
        membroId,
        municipioId: json.municipioId as number,
        nome: json.nome as string,
        email: (json.email as string | null) ?? null,
        telefone: json.telefone as string,
        cpf: null,
        cargo: null,
        orgao: null,
        instituicaoId: null,
        imagemMembro: null,
        membroGrupos: [],
      };
      members.set(membroId, member);
      reply = { status: 201, body: member };
    } else if (request.method === 'POST' && request.path === 'relatorio') {
      reply = createReport(json);
    } else {
      reply = { status: 404, body: { message: 'Rota não encontrada.' } };
    }
    if (key !== undefined) replies.set(key, reply);
    if (server.dropAnswer && request.path === 'relatorio') {
      server.dropAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return answer(reply.status, reply.body);
  };
  return { server, transport };
}

async function setup() {
  const db = await openOfflineDb('field-report-kinds', ++dbCounter);
  opened.push(db);
  const { server, transport } = reportServer();
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
  return { db, server, engine, advance: (ms: number) => (clock += ms) };
}

const report = {
  municipioId: 3,
  titulo: 'Reunião do comitê',
  descricao: '<p>Pauta e encaminhamentos</p>',
  encontroId: 41,
};
const ana = { municipioId: 3, nome: 'Ana Souza', email: 'ana@exemplo.com.br', telefone: '(48) 99999-1234' };

describe('field report created offline (report-create)', () => {
  it('lists the report at once as pending, by its author, then with the server id once sent under the entry’s key', async () => {
    const { db, server, engine } = await setup();
    const entry = await enqueue(db, reportCreateKind, report, { municipioId: 3 });
    expect(entry.label).toBe('Relatório Reunião do comitê');
    expect(entry.tempId).toBe(FIRST_TEMP_ID);
    expect(await db.relatorios.get(entry.tempId!)).toMatchObject({
      municipioId: 3,
      titulo: 'Reunião do comitê',
      encontroId: 41,
      statusRelatorioId: REPORT_STATUS.enviado,
      usuario: { nome: 'Beatriz Lima' },
      pending: 1,
      syncedAt: 0,
    });

    await engine.drain();
    expect(server.seen).toEqual([
      {
        method: 'POST',
        path: 'relatorio',
        key: entry.id,
        json: expect.objectContaining({ titulo: 'Reunião do comitê', encontroId: 41, arquivosUploadIds: [] }),
      },
    ]);
    expect(await db.relatorios.get(entry.tempId!)).toBeUndefined();
    expect(await db.relatorios.get(900)).toMatchObject({ titulo: 'Reunião do comitê', encontroId: 41, pending: 0 });
    expect(await db.relatorios.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a report whose end comes before its start before queueing anything', async () => {
    const { db } = await setup();
    const invalid = { ...report, inicioString: '2026-03-10T15:00', fimString: '2026-03-10T14:00' };
    const refused = enqueue(db, reportCreateKind, invalid);
    await expect(refused).rejects.toBeInstanceOf(OutboxValidationError);
    await expect(refused).rejects.toMatchObject({ issues: [{ path: ['fimString'], message: 'O fim não pode ser anterior ao início' }] });
    expect(await db.relatorios.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('creates the report once when the answer is lost: the resend carries the same key and the server replays its answer', async () => {
    const { db, server, engine, advance } = await setup();
    server.dropAnswer = true;
    const entry = await enqueue(db, reportCreateKind, report);
    await engine.drain();
    expect(server.reports.size).toBe(1);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await db.relatorios.get(entry.tempId!)).toMatchObject({ pending: 1 });

    advance(600_000);
    await engine.drain();
    expect(server.seen.map((s) => s.key)).toEqual([entry.id, entry.id]);
    expect(server.reports.size).toBe(1);
    expect((await db.relatorios.toArray()).map((r) => [r.relatorioId, r.pending])).toEqual([[900, 0]]);
  });

  it('uploads an attachment before the report and sends its uploadId in arquivosUploadIds', async () => {
    const { db, server, engine } = await setup();
    const pdf = new Blob(['%PDF-1.4 ata'], { type: 'application/pdf' });
    const entry = await enqueue(db, reportCreateKind, report, { files: [{ blob: pdf, name: 'ata.pdf' }] });
    expect(await db.files.where('outboxId').equals(entry.id).count()).toBe(1);
    await engine.drain();
    const sent = server.seen.at(-1)!.json as { arquivosUploadIds: string[] };
    expect(sent.arquivosUploadIds).toHaveLength(1);
    expect(server.reports.get(900)!.arquivos).toMatchObject([{ uploadId: sent.arquivosUploadIds[0], nome: 'ata.pdf', tamanho: pdf.size }]);
    // Confirmed by the server: the entry and the stored file are gone from the device.
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });

  it('parks a report the server refuses, with its message, and keeps it listed as pending', async () => {
    const { db, server, engine } = await setup();
    server.fail = { path: 'relatorio', status: 400, message: REPORT_MESSAGES.encontroComRelatorio };
    const entry = await enqueue(db, reportCreateKind, report);
    await engine.drain();
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'attention',
      lastError: { status: 400, message: 'Este encontro já tem relatório.' },
    });
    expect(await db.relatorios.get(entry.tempId!)).toMatchObject({ pending: 1 });
    expect(server.reports.size).toBe(0);
  });

  it('removes the pending row when the report is discarded', async () => {
    const { db } = await setup();
    const entry = await enqueue(db, reportCreateKind, report);
    await discard(db, entry.id);
    expect(await db.relatorios.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('field report naming a guest registered offline', () => {
  it('waits for the guest’s registration and is sent with the server’s member id, never the temp id', async () => {
    const { db, server, engine, advance } = await setup();
    const guest = await enqueue(db, memberCreateKind, ana, { municipioId: 3 });
    const created = await enqueue(db, reportCreateKind, { ...report, convidadosRelatorio: [{ membroId: guest.tempId!, presente: true }] });
    expect(created.dependsOn).toEqual([guest.id]);
    // Both records exist on the device before anything is sent, each with its own temp id.
    expect(created.tempId).not.toBe(guest.tempId);
    expect(await db.membros.get(guest.tempId!)).toMatchObject({ nome: 'Ana Souza', pending: 1 });
    expect(await db.relatorios.get(created.tempId!)).toMatchObject({ pending: 1 });

    // The registration meets a server error and is retried later; the report waits for it, untried.
    server.fail = { path: 'cadastrar-membro', status: 503, message: 'Erro interno.' };
    await engine.drain();
    expect(await db.outbox.get(guest.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await db.outbox.get(created.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });

    advance(600_000);
    await engine.drain();
    expect(server.seen.map((s) => s.path)).toEqual(['municipio/membro/cadastrar-membro', 'municipio/membro/cadastrar-membro', 'relatorio']);
    expect(server.seen[2]!.json).toMatchObject({ convidadosRelatorio: [{ membroId: 500, presente: true }] });
    expect(server.reports.get(900)!.convidadosRelatorio).toMatchObject([{ membroId: 500, nome: 'Ana Souza', presente: true }]);
    expect(await db.idMap.get(guest.tempId!)).toMatchObject({ serverId: 500 });
    expect(await db.relatorios.get(900)).toMatchObject({ pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('uses the server id at once for a guest whose registration was already sent', async () => {
    const { db, server, engine } = await setup();
    const guest = await enqueue(db, memberCreateKind, ana);
    await engine.drain();
    const created = await enqueue(db, reportCreateKind, { ...report, convidadosRelatorio: [{ membroId: guest.tempId!, presente: false }] });
    expect(created.dependsOn).toEqual([]);
    expect(created.payload).toMatchObject({ convidadosRelatorio: [{ membroId: 500 }] });
    await engine.drain();
    expect(server.reports.get(900)!.convidadosRelatorio).toMatchObject([{ membroId: 500, presente: false }]);
  });

  it('is not sent while the guest’s registration is refused, and is parked naming it once that registration is discarded', async () => {
    const { db, server, engine, advance } = await setup();
    server.fail = { path: 'cadastrar-membro', status: 422, message: 'O telefone já está cadastrado.' };
    const guest = await enqueue(db, memberCreateKind, ana);
    const created = await enqueue(db, reportCreateKind, { ...report, convidadosRelatorio: [{ membroId: guest.tempId!, presente: true }] });
    await engine.drain();
    expect(await db.outbox.get(guest.id)).toMatchObject({ status: 'attention' });
    // Waiting, not failed: the report never reached the server with a member it does not know.
    expect(await db.outbox.get(created.id)).toMatchObject({ status: 'pending', attempts: 0 });
    advance(600_000);
    await engine.drain();
    expect(server.seen.map((s) => s.path)).toEqual(['municipio/membro/cadastrar-membro']);

    await discard(db, guest.id);
    expect(await db.membros.get(guest.tempId!)).toBeUndefined();
    expect(await db.outbox.get(created.id)).toMatchObject({
      status: 'attention',
      lastError: {
        status: null,
        message: 'Este item depende de "Cadastro do membro Ana Souza", que foi descartado. Descarte-o ou edite-o.',
      },
    });
    expect(await db.relatorios.get(created.tempId!)).toMatchObject({ pending: 1 });
    await engine.drain();
    expect(server.seen.map((s) => s.path)).toEqual(['municipio/membro/cadastrar-membro']);
  });

  it('cannot be queued naming a guest whose registration was discarded', async () => {
    const { db } = await setup();
    const guest = await enqueue(db, memberCreateKind, ana);
    await discard(db, guest.id);
    await expect(
      enqueue(db, reportCreateKind, { ...report, convidadosRelatorio: [{ membroId: guest.tempId!, presente: true }] }),
    ).rejects.toThrow('Este item depende de um registro que não existe mais neste aparelho. Descarte-o.');
    expect(await db.relatorios.count()).toBe(0);
  });
});
