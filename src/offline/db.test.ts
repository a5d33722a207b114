import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { clearCurrentIdentity, getCurrentIdentity, setCurrentIdentity } from './current.ts';
import { deleteOfflineDb, offlineDbName, offlineSchemaSteps, openOfflineDb, type OutboxEntry } from './db.ts';

const sync = { syncedAt: 1_700_000_000_000, pending: 0 as const };

/**
 * The store's version steps exactly as they landed, when db.ts still spelled them out: the steps
 * built from the registered tables must equal them, or a device in the field would upgrade
 * differently (Dexie compares declared and installed stores).
 */
const OFFLINE_SCHEMA_V1 = {
  municipios: '&municipioId',
  grupos: '&grupoId, municipioId',
  membros: '&membroId, municipioId',
  encontros: '&encontroId, municipioId',
  solucoes: '&municipioSolucaoId, municipioId',
  tarefas: '&municipioTarefaId, municipioId',
  perguntas: '&perguntaMunicipioId, municipioId, temaId, [municipioId+temaId]',
  acompanhamentos: '&acompanhamentoId, municipioId',
  evidencias: '&perguntaEvidenciaId, perguntaMunicipioId',
  relatorios: '&relatorioId, municipioId',
  outbox: '&id, seq, status, entityKey',
  files: '&id, outboxId',
  idMap: '&tempId',
  meta: '&key',
} as const;
const LANDED_STEPS: Record<number, Record<string, string>> = {
  1: OFFLINE_SCHEMA_V1,
  2: { outbox: '&id, seq, status, entityKey, municipioId' },
  3: { relatoriosAdministrativos: '&relatorioAdministrativoId, municipioId' },
  4: { perguntasEvidencia: '&perguntaMunicipioId, municipioId' },
  5: { andamentoTarefas: '&municipioTarefaId, municipioId' },
  6: { salas: '&municipioId', salaLeituras: '&indicadorMunicipioId, municipioId, [municipioId+indicadorId+periodo]' },
  7: { planos5w2h: '&sala5w2hId, municipioId' },
  8: { visitas: '&visitaId, municipioId' },
};

describe('offline database', () => {
  it('builds from the registered tables the very version steps that landed', () => {
    const steps = offlineSchemaSteps();
    expect(Object.fromEntries(steps.map((step) => [step.version, step.stores]))).toEqual(LANDED_STEPS);
    // Upgrades run where they ran before: v2 (sync fields, outbox municipality) and v3 (administrative reports out of meta).
    expect(steps.filter((step) => step.upgrades.length > 0).map((step) => step.version)).toEqual([2, 3]);
  });

  it('keeps each tenant and user apart, and deletes one store whole', async () => {
    const maria = await openOfflineDb('sc', 1);
    const joao = await openOfflineDb('sc', 2);
    const mariaMs = await openOfflineDb('ms', 1);
    await maria.meta.put({ key: 'x', value: 'maria' });
    expect(await joao.meta.get('x')).toBeUndefined();
    expect(await mariaMs.meta.get('x')).toBeUndefined();
    expect(maria.name).toBe('ce-offline:sc:1');

    maria.close();
    await deleteOfflineDb('sc', 1);
    const again = await openOfflineDb('sc', 1);
    expect(await again.meta.get('x')).toBeUndefined();
    [joao, mariaMs, again].forEach((db) => db.close());
  });

  it('upgrades a v1 store with data in every table without losing any of it', async () => {
    const name = offlineDbName('upgrade', 9);
    const v1 = new Dexie(name);
    v1.version(1).stores(OFFLINE_SCHEMA_V1);
    await v1.open();
    const blob = new Blob([new Uint8Array([37, 80, 68, 70, 45, 1, 2, 3])], { type: 'application/pdf' });
    // An entry as the first build wrote it: no municipioId (v2 adds the index and backfills it).
    const oldEntry: Omit<OutboxEntry, 'municipioId'> = {
      id: 'entry-1',
      seq: 1,
      kind: 'member-create',
      entityKey: 'membro:-2147483649',
      dependsOn: [],
      label: 'Membro Maria Souza',
      payload: { municipioId: 42, nome: 'Maria Souza' },
      request: { method: 'POST', path: 'municipio/membro', json: { nome: 'Maria Souza' } },
      tempId: -2147483649,
      serverIdField: 'membroId',
      fileIds: ['file-1'],
      bytes: blob.size,
      status: 'attention',
      attempts: 2,
      nextAttemptAt: 0,
      createdAt: 1,
      lastError: { status: 422, message: 'O telefone já cadastrado', at: 2 },
      response: null,
    };
    await v1.table('outbox').add(oldEntry);
    await v1.table('files').add({
      id: 'file-1',
      outboxId: 'entry-1',
      name: 'ata.pdf',
      type: 'application/pdf',
      size: blob.size,
      sha256: 'a'.repeat(64),
      blob,
      purpose: 'evidencia',
      uploadId: 'up-1',
      uploaded: 4,
      done: false,
    });
    await v1.table('idMap').add({ tempId: -2147483650, serverId: 7, entryId: 'gone', at: 3 });
    await v1.table('meta').add({ key: 'syncedAt:municipios', value: 123 });
    await v1.table('municipios').add({ municipioId: 42, nome: 'Joinville', uf: 'SC' }); // written before sync fields existed
    await v1.table('grupos').add({ grupoId: 1, municipioId: 42, nome: 'Comitê', quantidadeMembros: 1, ...sync });
    await v1.table('membros').add({ membroId: 5, municipioId: 42, nome: 'Ana', membroGrupos: [], ...sync });
    await v1.table('encontros').add({ encontroId: 3, municipioId: 42, titulo: 'Reunião', tarefas: [], convidados: [], ...sync });
    await v1.table('solucoes').add({ municipioSolucaoId: 8, municipioId: 42, nome: 'Sala', ...sync });
    await v1.table('tarefas').add({ municipioTarefaId: 9, municipioId: 42, nome: 'Tarefa', ...sync });
    await v1.table('perguntas').add({ perguntaMunicipioId: 10, municipioId: 42, temaId: 2, texto: 'Pergunta?', ...sync });
    await v1.table('acompanhamentos').add({ acompanhamentoId: 11, municipioId: 42, ...sync });
    await v1.table('evidencias').add({ perguntaEvidenciaId: 12, perguntaMunicipioId: 10, ...sync });
    await v1.table('relatorios').add({ relatorioId: 13, municipioId: 42, ...sync, pending: 1 });
    v1.close();

    const db = await openOfflineDb('upgrade', 9);
    expect(db.verno).toBe(8);
    // v4's evidence questions, v5's task progress and v6's rooms and readings, v7's 5W2H plans and v8's visits start empty: the bundle or a screen's read fills them.
    expect(await db.perguntasEvidencia.count()).toBe(0);
    expect(await db.andamentoTarefas.count()).toBe(0);
    expect(await db.planos5w2h.count()).toBe(0);
    expect(await db.visitas.count()).toBe(0);
    const entry = await db.outbox.get('entry-1');
    expect(entry).toMatchObject({ status: 'attention', attempts: 2, municipioId: 42, label: 'Membro Maria Souza', fileIds: ['file-1'] });
    expect(await db.outbox.where('municipioId').equals(42).count()).toBe(1);
    const file = await db.files.get('file-1');
    expect(file?.blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await file!.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70, 45, 1, 2, 3]));
    expect(file).toMatchObject({ uploadId: 'up-1', uploaded: 4, done: false, purpose: 'evidencia' });
    expect(await db.idMap.get(-2147483650)).toMatchObject({ serverId: 7 });
    expect(await db.meta.get('syncedAt:municipios')).toEqual({ key: 'syncedAt:municipios', value: 123 });
    expect(await db.municipios.get(42)).toEqual({ municipioId: 42, nome: 'Joinville', uf: 'SC', syncedAt: 0, pending: 0 });
    expect(await db.perguntas.where('[municipioId+temaId]').equals([42, 2]).count()).toBe(1);
    expect(await db.relatorios.get(13)).toMatchObject({ pending: 1, syncedAt: sync.syncedAt });
    for (const table of ['grupos', 'membros', 'encontros', 'solucoes', 'tarefas', 'acompanhamentos', 'evidencias'] as const) {
      expect(await db[table].count(), table).toBe(1);
    }
    db.close();
  });
});

describe('current identity', () => {
  it('is stored for the service worker and cleared at sign-out', async () => {
    expect(await getCurrentIdentity()).toBeNull();
    await setCurrentIdentity({ tenant: 'sc', userId: 3, token: 'abc' });
    expect(await getCurrentIdentity()).toEqual({ tenant: 'sc', userId: 3, token: 'abc' });
    await setCurrentIdentity({ tenant: 'sc', userId: 3, token: 'renovado' });
    expect((await getCurrentIdentity())?.token).toBe('renovado');
    await clearCurrentIdentity();
    expect(await getCurrentIdentity()).toBeNull();
  });
});
