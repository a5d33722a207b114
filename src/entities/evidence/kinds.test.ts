import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { evidenceTabOf, type EvidenceQuestion } from '../../domain/evidence.ts';
import { IDEMPOTENCY_HEADER, sha256Hex } from '../../domain/uploads.ts';
import { openOfflineDb, type OfflineDb } from '../../offline/db.ts';
import { createSyncEngine } from '../../offline/engine.ts';
import { registerMutationKind } from '../../offline/kinds.ts';
import { createMemoryLocks } from '../../offline/locks.ts';
import { discard } from '../../offline/outbox.ts';
import { pullInto } from '../../offline/pull.ts';
import type { Transport } from '../../offline/transport-types.ts';
import { evidenceFileFixture, evidenceQuestionFixture } from '../../offline/testing/evidence-fixture.ts';
import { evidenceSendKind, evidenceUploadKind, SAVE_EVIDENCE_PATH, UPDATE_QUESTION_PATH } from './kinds.ts';
import { queueEvidenceSend, queueEvidenceUpload, readEvidenceTab, storeEvidenceTab } from './store.ts';

/**
 * The real evidence kinds through the real engine, against a transport that answers as the
 * server's upload and evidence routes do: what the evidence tabs show before, during and after
 * sending, and that each file and each send reaches the server exactly once, in order.
 */

registerMutationKind(evidenceUploadKind);
registerMutationKind(evidenceSendKind);

const PDF = (text: string) => new Blob([`%PDF-1.4\n${text}\n%%EOF`], { type: 'application/pdf' });

let dbCounter = 0;
const opened: OfflineDb[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

type StoredUpload = { uploadId: string; nome: string; tamanho: number; sha256: string; bytes: Uint8Array; concluido: boolean };

/** The upload protocol (src/domain/uploads.ts) and the two evidence routes, in memory, with idempotency. */
function evidenceServer(initial: EvidenceQuestion) {
  const state = { question: initial, nextFileId: 900 };
  const uploads = new Map<string, StoredUpload>();
  const seen: { method: string; path: string; key: string | undefined; json: unknown }[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const ok = (body: unknown, status = 200) => ({ status, body, headers: { get: () => null } });
  const statusOf = (u: StoredUpload) => ({
    uploadId: u.uploadId,
    nome: u.nome,
    tamanho: u.tamanho,
    sha256: u.sha256,
    finalidade: 'evidencia',
    recebido: u.bytes.length,
    concluido: u.concluido,
    tipo: 'application/pdf',
    chunkBytes: 4,
  });
  const transport: Transport = async (request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    seen.push({ method: request.method, path: request.path, key, json: request.json });
    if (request.path === 'upload' && request.method === 'POST') {
      const start = request.json as { chave: string; nome: string; tamanho: number; sha256: string };
      const u = uploads.get(start.chave) ?? {
        uploadId: `up-${start.chave}`,
        nome: start.nome,
        tamanho: start.tamanho,
        sha256: start.sha256,
        bytes: new Uint8Array(),
        concluido: false,
      };
      uploads.set(start.chave, u);
      return ok(statusOf(u));
    }
    const chunk = /^upload\/([^/?]+)\?offset=(\d+)$/.exec(request.path);
    if (chunk) {
      const u = [...uploads.values()].find((x) => x.uploadId === decodeURIComponent(chunk[1]!))!;
      // A Blob slice or an ArrayBuffer, depending on the uploader's version.
      const body = request.body as unknown;
      const bytes = new Uint8Array(body instanceof Blob ? await body.arrayBuffer() : (body as ArrayBuffer));
      const merged = new Uint8Array(u.bytes.length + bytes.length);
      merged.set(u.bytes);
      merged.set(bytes, u.bytes.length);
      u.bytes = merged;
      return ok(statusOf(u));
    }
    const done = /^upload\/([^/]+)\/concluir$/.exec(request.path);
    if (done) {
      const u = [...uploads.values()].find((x) => x.uploadId === decodeURIComponent(done[1]!))!;
      u.concluido = true;
      return ok(statusOf(u));
    }
    const replayed = key ? replies.get(key) : undefined;
    if (replayed) return ok(replayed.body, replayed.status);
    const reply = (status: number, body: unknown) => {
      if (key) replies.set(key, { status, body });
      return ok(body, status);
    };
    if (request.path === SAVE_EVIDENCE_PATH) {
      const { uploadIds } = request.json as { uploadIds: string[] };
      const q = state.question;
      const files = uploadIds.map((id) => {
        const u = [...uploads.values()].find((x) => x.uploadId === id)!;
        return evidenceFileFixture(state.nextFileId++, q, { nomeArquivo: u.nome, tamanho: u.tamanho });
      });
      const evidencias = [...q.evidencias, ...files];
      state.question = { ...q, evidencias, quantidadeArquivo: evidencias.length, temArquivo: true };
      const arquivosRecebidos = uploadIds.map((id, i) => {
        const u = [...uploads.values()].find((x) => x.uploadId === id)!;
        return { arquivoId: files[i]!.perguntaEvidenciaId, uploadId: id, nome: u.nome, tamanho: u.tamanho, sha256: u.sha256 };
      });
      return reply(200, { ...state.question, arquivosRecebidos });
    }
    if (request.path === UPDATE_QUESTION_PATH) {
      state.question = { ...state.question, evidenciada: true, rejeitada: false };
      return reply(200, state.question);
    }
    return reply(404, { message: 'Rota não encontrada.' });
  };
  return { state, seen, uploads, transport };
}

async function setup(question = evidenceQuestionFixture(70, 3)) {
  const db = await openOfflineDb('evidence-kinds', ++dbCounter);
  opened.push(db);
  await pullInto(db, 'perguntasEvidencia', [question], 'teste');
  const server = evidenceServer(question);
  let online = false;
  const engine = createSyncEngine({
    openDb: async () => db,
    transport: server.transport,
    locks: createMemoryLocks(),
    channel: null,
    random: () => 0,
    isOnline: () => online,
    uploadChunkBytes: 4,
  });
  return { db, server, engine, goOnline: () => (online = true) };
}

describe('evidence uploaded offline, then sent for analysis', () => {
  it('shows the files as pendente and the question as evidenciada at once; online, uploads every byte, saves, then sends, each once and in order', async () => {
    const { db, server, engine, goOnline } = await setup();
    const a = PDF('primeiro');
    const b = PDF('segundo arquivo');
    const upload = await queueEvidenceUpload(db, { perguntaMunicipioId: 70, municipioId: 3, numero: 70 }, [
      { blob: a, name: 'lei.pdf' },
      { blob: b, name: 'decreto.pdf' },
    ]);
    expect(upload.label).toBe('2 evidências da pergunta 70');
    expect(upload.bytes).toBe(a.size + b.size);
    let [row] = await readEvidenceTab(db, 3, 'respondida');
    expect(row!.pendentes.map((p) => p.nomeArquivo)).toEqual(['lei.pdf', 'decreto.pdf']);
    expect(row).toMatchObject({ pending: true, temArquivo: true });

    const send = await queueEvidenceSend(db, { perguntaMunicipioId: 70, municipioId: 3, numero: 70 });
    expect(send.dependsOn).toEqual([upload.id]);
    expect(await readEvidenceTab(db, 3, 'respondida')).toEqual([]);
    [row] = await readEvidenceTab(db, 3, 'evidenciada');
    expect(row).toMatchObject({ evidenciada: true, pending: true });
    expect(row!.pendentes).toHaveLength(2);

    await engine.drain();
    expect(server.seen).toEqual([]);

    goOnline();
    await engine.drain();
    const paths = server.seen.map((r) => `${r.method} ${r.path.replace(/\?.*$/, '')}`);
    const saveAt = paths.indexOf(`POST ${SAVE_EVIDENCE_PATH}`);
    expect(paths.slice(saveAt)).toEqual([`POST ${SAVE_EVIDENCE_PATH}`, `PUT ${UPDATE_QUESTION_PATH}`]);
    expect(paths.slice(0, saveAt).every((p) => p.startsWith('POST upload') || p.startsWith('PUT upload'))).toBe(true);
    const uploaded = [...server.uploads.values()];
    expect(uploaded.map((u) => u.nome)).toEqual(['lei.pdf', 'decreto.pdf']);
    expect(uploaded.every((u) => u.concluido)).toBe(true);
    expect(await Promise.all(uploaded.map((u) => sha256Hex(new Blob([u.bytes as BlobPart]))))).toEqual([
      await sha256Hex(a),
      await sha256Hex(b),
    ]);
    expect(server.seen[saveAt]!.json).toEqual({ perguntaMunicipioId: 70, uploadIds: uploaded.map((u) => u.uploadId) });
    expect(server.seen[saveAt + 1]!.json).toEqual({ acao: 'enviar', perguntaMunicipioId: 70 });
    expect(server.seen[saveAt]!.key).toBe(upload.id);

    [row] = await readEvidenceTab(db, 3, 'evidenciada');
    expect(row).toMatchObject({ evidenciada: true, pending: false, quantidadeArquivo: 2, pendentes: [] });
    expect(row!.evidencias.map((e) => e.nomeArquivo)).toEqual(['lei.pdf', 'decreto.pdf']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });

  it('after the upload settles and before the send does, the question stays evidenciada with the server files', async () => {
    const { db, server, goOnline } = await setup();
    await queueEvidenceUpload(db, { perguntaMunicipioId: 70, municipioId: 3, numero: 70 }, [{ blob: PDF('x'), name: 'a.pdf' }]);
    await queueEvidenceSend(db, { perguntaMunicipioId: 70, municipioId: 3 });
    goOnline();
    let refuse = true;
    const flaky = createSyncEngine({
      openDb: async () => db,
      transport: async (request) =>
        request.path === UPDATE_QUESTION_PATH && refuse
          ? { status: 503, body: null, headers: { get: () => null } }
          : server.transport(request),
      locks: createMemoryLocks(),
      channel: null,
      random: () => 0,
      uploadChunkBytes: 4,
    });
    await flaky.drain();
    const row = await db.perguntasEvidencia.get(70);
    expect(row).toMatchObject({ evidenciada: true, pending: 1, pendentes: [] });
    expect(row!.evidencias.map((e) => e.nomeArquivo)).toEqual(['a.pdf']);
    refuse = false;
    await flaky.drain();
    expect(await db.perguntasEvidencia.get(70)).toMatchObject({ evidenciada: true, pending: 0 });
  });

  it('discarding a queued upload removes its pendente files', async () => {
    const { db } = await setup();
    const entry = await queueEvidenceUpload(db, { perguntaMunicipioId: 70, municipioId: 3 }, [{ blob: PDF('x'), name: 'a.pdf' }]);
    await discard(db, entry.id);
    expect(await db.perguntasEvidencia.get(70)).toMatchObject({ pendentes: [], pending: 0, temArquivo: false });
    expect(await db.files.count()).toBe(0);
  });
});

describe('tab reads', () => {
  it('a pull of one tab replaces only that tab, and never a row with a queued change', async () => {
    const { db } = await setup();
    const approved = evidenceQuestionFixture(71, 3, { evidenciada: true, aprovada: true });
    const rejected = evidenceQuestionFixture(72, 3, { evidenciada: true, rejeitada: true, qtdRejeicao: 1, prazoReenvio: '2026-11-27' });
    await pullInto(db, 'perguntasEvidencia', [approved, rejected], 'teste');
    await queueEvidenceUpload(db, { perguntaMunicipioId: 70, municipioId: 3 }, [{ blob: PDF('x'), name: 'a.pdf' }]);

    // The answered tab comes back empty: 70 has a queued file (kept); other tabs' rows are not this read's business.
    await storeEvidenceTab(db, 3, 'respondida', { items: [], startedAt: Date.now() });
    expect((await db.perguntasEvidencia.toArray()).map((r) => r.perguntaMunicipioId).sort()).toEqual([70, 71, 72]);

    // The approved tab no longer lists 71 (reverted elsewhere): it goes; 72 stays.
    await storeEvidenceTab(db, 3, 'aprovada', { items: [], startedAt: Date.now() });
    expect((await db.perguntasEvidencia.toArray()).map((r) => r.perguntaMunicipioId).sort()).toEqual([70, 72]);

    // The evidenciada tab lists 72 (sent again elsewhere): it moves there.
    await storeEvidenceTab(db, 3, 'evidenciada', { items: [{ ...rejected, rejeitada: false }], startedAt: Date.now() });
    const moved = await db.perguntasEvidencia.get(72);
    expect(evidenceTabOf(moved!)).toBe('evidenciada');
  });

  it('a read that left before a row was written does not undo it', async () => {
    const { db } = await setup();
    const startedAt = Date.now() - 10_000;
    await storeEvidenceTab(db, 3, 'respondida', { items: [], startedAt });
    expect(await db.perguntasEvidencia.get(70)).toBeDefined();
  });
});
