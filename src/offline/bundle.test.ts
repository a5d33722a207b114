import 'fake-indexeddb/auto';
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineBundle } from '../domain/offline-bundle.ts';
import { offlineBundleSchema } from '../domain/offline-bundle.ts';
import { deleteOfflineDb, openOfflineDb, type OfflineDb } from './db.ts';
import { followupFixture } from './testing/followup-fixture.ts';
import { evidenceQuestionFixture } from './testing/evidence-fixture.ts';
import { adminReportListScope } from '../features/admin-reports/table.ts';
import { evidenceTabScope } from '../entities/evidence/table.ts';
import { followupListScope } from '../entities/followups/table.ts';
import {
  downloadBundle,
  fetchBundleSummary,
  listOfflineMunicipalities,
  municipalityScope,
  parseOfflineBundle,
  removeOfflineMunicipality,
  storeBundle,
} from './bundle.ts';
import { lastSyncedAt } from './pull.ts';
import { setDeclarationsLoader } from './declarations.ts';
import { registerDeviceTable, registeredTables } from './tables.ts';

function bundle(municipioId: number, nome: string, geradoEm: string, membros: string[]): OfflineBundle {
  return offlineBundleSchema.parse({
    geradoEm,
    municipio: {
      municipioId,
      nome,
      uf: 'SC',
      tipo: 'municipio',
      statusId: null,
      statusNome: null,
      statusContratoId: null,
      statusContratoNome: null,
      projetoId: null,
      projetoNome: null,
      statusRelacionamento: 4,
      statusParticipacao: 3,
      tipoPrograma: 2,
      pontos: 120,
      medalha: null,
      selo: null,
      imagem: null,
      vigente: true,
    },
    grupos: [{ grupoId: municipioId * 10, municipioId, nome: 'Comitê', quantidadeMembros: membros.length }],
    membros: membros.map((m, i) => ({
      membroId: municipioId * 100 + i,
      municipioId,
      nome: m,
      email: null,
      telefone: '(48) 3333-0000',
      cpf: null,
      cargo: null,
      orgao: null,
      instituicaoId: null,
      imagemMembro: null,
      membroGrupos: [],
    })),
    encontros: [],
    solucoes: [
      {
        municipioSolucaoId: municipioId * 10 + 1,
        municipioId,
        solucaoId: 1,
        municipioGrupoSolucaoId: 1,
        nome: 'Sala',
        desabilitado: false,
      },
    ],
    tarefas: [],
    perguntas: Array.from({ length: 3 }, (_, i) => ({
      perguntaMunicipioId: municipioId * 1000 + i,
      perguntaId: i + 1,
      municipioId,
      eixoId: 1,
      temaId: 2,
      nome: 'Tema',
      numero: i + 1,
      texto: `Pergunta ${i + 1}`,
      pontos: 1,
      resposta: null,
      evidenciada: false,
      rejeitada: false,
      quantidadeArquivo: 0,
      prazoReenvio: null,
    })),
  });
}

describe('municipality bundle', () => {
  let db: OfflineDb;
  beforeEach(async () => {
    db = await openOfflineDb('sc', 77);
  });
  afterEach(async () => {
    db.close();
    await deleteOfflineDb('sc', 77);
  });

  it('stores every table and lists the municipality as offline-ready with its name and syncedAt', async () => {
    const geradoEm = '2025-03-10T14:30:00.000Z';
    const ready = await storeBundle(db, bundle(7, 'Joinville', geradoEm, ['Ana', 'Bia']), 4096);
    await storeBundle(db, bundle(3, 'Blumenau', geradoEm, ['Caio']), 2048);

    expect(ready).toEqual({ municipioId: 7, nome: 'Joinville', syncedAt: Date.parse(geradoEm), bytes: 4096 });
    expect((await listOfflineMunicipalities(db)).map((m) => m.nome)).toEqual(['Blumenau', 'Joinville']);
    expect(await db.membros.where('municipioId').equals(7).count()).toBe(2);
    expect(await db.perguntas.where('[municipioId+temaId]').equals([7, 2]).count()).toBe(3);
    expect(await db.municipios.get(7)).toMatchObject({ nome: 'Joinville', syncedAt: Date.parse(geradoEm), pending: 0 });
    expect(await lastSyncedAt(db, municipalityScope(7))).toBe(Date.parse(geradoEm));
  });

  it('writes in one transaction: a bundle that fails half-way leaves the previous copy and no offline mark', async () => {
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana']), 1);
    const broken = bundle(7, 'Joinville', '2025-03-11T10:00:00.000Z', ['Ana Nova', 'Bia']);
    // The last table written gets a row without its key: everything before it must roll back.
    (broken.perguntas[0] as { perguntaMunicipioId?: number }).perguntaMunicipioId = undefined;
    await expect(storeBundle(db, broken, 1)).rejects.toThrow();

    expect(await db.membros.where('municipioId').equals(7).toArray()).toMatchObject([{ nome: 'Ana' }]);
    expect((await listOfflineMunicipalities(db))[0].syncedAt).toBe(Date.parse('2025-03-10T14:30:00.000Z'));

    await db.delete();
    db = await openOfflineDb('sc', 77);
    await expect(storeBundle(db, broken, 1)).rejects.toThrow();
    expect(await listOfflineMunicipalities(db)).toEqual([]);
    expect(await db.membros.count()).toBe(0);
  });

  it('a new download replaces the municipality rows but keeps those with unsent changes', async () => {
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana', 'Bia']), 1);
    await db.membros.update(700, { nome: 'Ana (editada offline)', pending: 1 });
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-11T10:00:00.000Z', ['Ana']), 1);
    const rows = await db.membros.where('municipioId').equals(7).toArray();
    expect(rows).toMatchObject([{ membroId: 700, nome: 'Ana (editada offline)', pending: 1 }]);

    await db.membros.update(700, { pending: 0 });
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-12T10:00:00.000Z', []), 1);
    expect(await db.membros.where('municipioId').equals(7).count()).toBe(0);
  });

  it("holds the municipality's administrative reports for the list offline; a bundle without them leaves the list as it was", async () => {
    const geradoEm = '2025-03-10T14:30:00.000Z';
    const adminReport = (relatorioAdministrativoId: number, titulo: string) => ({
      relatorioAdministrativoId,
      municipioId: 7,
      titulo,
      horas: 2,
      usuarioId: 5,
      usuario: { nome: 'Carla Condutora' },
      criacao: '2025-03-09T12:00:00.000Z',
      statusRelatorioId: 1,
      motivoRejeicao: null,
    });
    const withReports = offlineBundleSchema.parse({
      ...bundle(7, 'Joinville', geradoEm, ['Ana']),
      relatoriosAdministrativos: [adminReport(41, 'Articulação com a prefeitura'), adminReport(42, 'Planejamento trimestral')],
    });
    await storeBundle(db, withReports, 1);
    const rows = await db.relatoriosAdministrativos.where('municipioId').equals(7).toArray();
    expect(rows.map((r) => [r.titulo, r.syncedAt, r.pending])).toEqual([
      ['Articulação com a prefeitura', Date.parse(geradoEm), 0],
      ['Planejamento trimestral', Date.parse(geradoEm), 0],
    ]);
    expect(await lastSyncedAt(db, adminReportListScope(7))).toBe(Date.parse(geradoEm));

    // An older server's bundle has no such list: the device's copy stays, with its own age.
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-11T10:00:00.000Z', ['Ana']), 1);
    expect(await db.relatoriosAdministrativos.where('municipioId').equals(7).count()).toBe(2);
    expect(await lastSyncedAt(db, adminReportListScope(7))).toBe(Date.parse(geradoEm));

    await removeOfflineMunicipality(db, 7);
    expect(await db.relatoriosAdministrativos.where('municipioId').equals(7).count()).toBe(0);
    expect(await lastSyncedAt(db, adminReportListScope(7))).toBeNull();
  });

  it("holds the municipality's follow-ups whole, as synced rows, so they open offline; a bundle without them leaves them as they were", async () => {
    const geradoEm = '2025-03-10T14:30:00.000Z';
    const withFollowups = offlineBundleSchema.parse({
      ...bundle(7, 'Joinville', geradoEm, ['Ana']),
      acompanhamentos: [followupFixture(70, 7, 4), followupFixture(71, 7, 2)],
    });
    await storeBundle(db, withFollowups, 1);
    const rows = await db.acompanhamentos.where('municipioId').equals(7).toArray();
    expect(rows.map((r) => [r.acompanhamentoId, r.perguntas?.length, r.syncedAt, r.pending])).toEqual([
      [70, 4, Date.parse(geradoEm), 0],
      [71, 2, Date.parse(geradoEm), 0],
    ]);
    expect(await lastSyncedAt(db, followupListScope(7))).toBe(Date.parse(geradoEm));

    // An answer given on the device is still queued: a new download keeps it.
    await db.acompanhamentos.update(70, { sim: 1, pending: 1 });
    await storeBundle(db, offlineBundleSchema.parse({ ...withFollowups, acompanhamentos: [followupFixture(71, 7, 2)] }), 1);
    expect(await db.acompanhamentos.get(70)).toMatchObject({ sim: 1, pending: 1 });

    await db.acompanhamentos.update(70, { pending: 0 });
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-11T10:00:00.000Z', ['Ana']), 1);
    expect(await db.acompanhamentos.where('municipioId').equals(7).count()).toBe(2);

    await removeOfflineMunicipality(db, 7);
    expect(await db.acompanhamentos.where('municipioId').equals(7).count()).toBe(0);
    expect(await lastSyncedAt(db, followupListScope(7))).toBeNull();
  });

  it("holds the municipality's evidence questions with their files, so every evidence tab opens offline; a bundle without them leaves them", async () => {
    const geradoEm = '2025-03-10T14:30:00.000Z';
    const withEvidence = offlineBundleSchema.parse({
      ...bundle(7, 'Joinville', geradoEm, ['Ana']),
      perguntasEvidencia: [evidenceQuestionFixture(80, 7), evidenceQuestionFixture(81, 7, { evidenciada: true, rejeitada: true })],
    });
    await storeBundle(db, withEvidence, 1);
    const rows = await db.perguntasEvidencia.where('municipioId').equals(7).toArray();
    expect(rows.map((r) => [r.perguntaMunicipioId, r.syncedAt, r.pending])).toEqual([
      [80, Date.parse(geradoEm), 0],
      [81, Date.parse(geradoEm), 0],
    ]);
    expect(await lastSyncedAt(db, evidenceTabScope(7, 'rejeitada'))).toBe(Date.parse(geradoEm));

    await storeBundle(db, bundle(7, 'Joinville', '2025-03-11T10:00:00.000Z', ['Ana']), 1);
    expect(await db.perguntasEvidencia.where('municipioId').equals(7).count()).toBe(2);

    await removeOfflineMunicipality(db, 7);
    expect(await db.perguntasEvidencia.where('municipioId').equals(7).count()).toBe(0);
    expect(await lastSyncedAt(db, evidenceTabScope(7, 'respondida'))).toBeNull();
  });

  it('removing a municipality drops its cache and its offline mark, except rows with unsent changes', async () => {
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana', 'Bia']), 1);
    await storeBundle(db, bundle(3, 'Blumenau', '2025-03-10T14:30:00.000Z', ['Caio']), 1);
    await db.membros.update(701, { pending: 1 });
    await removeOfflineMunicipality(db, 7);

    expect((await listOfflineMunicipalities(db)).map((m) => m.municipioId)).toEqual([3]);
    expect(await db.membros.where('municipioId').equals(7).primaryKeys()).toEqual([701]);
    expect(await db.perguntas.where('municipioId').equals(7).count()).toBe(0);
    expect(await db.municipios.get(7)).toBeUndefined();
    expect(await db.membros.where('municipioId').equals(3).count()).toBe(1);
    expect(await lastSyncedAt(db, municipalityScope(7))).toBeNull();
  });
});

describe("a store opened with the tables' stores only (issue 32: the row schemas load later)", () => {
  // The whole declarations, as tests/setup registers them.
  const whole = registeredTables();
  const registerWhole = () => whole.forEach((table) => registerDeviceTable(table));
  let db: OfflineDb;
  beforeEach(async () => {
    // As the page starts: stores only, the whole declarations named as a later load.
    for (const { name, versions, upgrades } of whole) registerDeviceTable(upgrades ? { name, versions, upgrades } : { name, versions });
    setDeclarationsLoader(async () => registerWhole());
    db = await openOfflineDb('sc', 78);
  });
  afterEach(async () => {
    setDeclarationsLoader(null);
    registerWhole();
    db.close();
    await deleteOfflineDb('sc', 78);
  });

  it('stores a bundle whole, and removes it whole, once the declarations have arrived', async () => {
    await storeBundle(db, bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana', 'Bia']), 1);
    expect(await db.membros.where('municipioId').equals(7).count()).toBe(2);
    expect(await db.perguntas.where('municipioId').equals(7).count()).toBe(3);
    expect(await lastSyncedAt(db, municipalityScope(7))).toBe(Date.parse('2025-03-10T14:30:00.000Z'));
    await removeOfflineMunicipality(db, 7);
    expect(await db.membros.where('municipioId').equals(7).count()).toBe(0);
    expect(await db.perguntas.where('municipioId').equals(7).count()).toBe(0);
  });
});

describe('the bundle schema built from the registered tables', () => {
  // The server's contract (src/domain/offline-bundle.ts) and the engine's registered tables must
  // read a bundle alike: same rows kept, same bundles refused.
  const full = {
    ...bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana', 'Bia']),
    acompanhamentos: [followupFixture(70, 7, 4)],
    perguntasEvidencia: [evidenceQuestionFixture(80, 7)],
    relatoriosAdministrativos: [],
    andamentoTarefas: [],
    extra: 'ignored',
  };

  it('reads a bundle as the domain schema does, with and without the optional lists', () => {
    expect(parseOfflineBundle(full)).toEqual(offlineBundleSchema.parse(full));
    const older = bundle(3, 'Blumenau', '2025-03-10T14:30:00.000Z', ['Caio']);
    expect(parseOfflineBundle(older)).toEqual(offlineBundleSchema.parse(older));
  });

  it('refuses what the domain schema refuses', () => {
    for (const broken of [
      { ...full, membros: undefined },
      { ...full, municipio: { municipioId: 7 } },
      { ...full, geradoEm: 1 },
      { ...full, acompanhamentos: [{}] },
    ]) {
      expect(() => offlineBundleSchema.parse(broken)).toThrow();
      expect(() => parseOfflineBundle(broken)).toThrow();
    }
  });
});

describe('downloadBundle', () => {
  let db: OfflineDb;
  beforeEach(async () => {
    db = await openOfflineDb('sc', 78);
  });
  afterEach(async () => {
    db.close();
    await deleteOfflineDb('sc', 78);
  });

  /** A ky client over a fake fetch that streams the body in small chunks, as a slow network does. */
  function server(body: string, { contentLength = true, status = 200, contentEncoding = '' } = {}) {
    const bytes = new TextEncoder().encode(body);
    const requested: string[] = [];
    const http = ky.create({
      prefixUrl: 'http://servidor.test/api',
      retry: 0,
      fetch: async (input) => {
        requested.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        let offset = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (offset >= bytes.length) return controller.close();
            controller.enqueue(bytes.slice(offset, offset + 1000));
            offset += 1000;
          },
        });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        // As fetch hands over a compressed answer: the body decoded, the headers as sent (a
        // Content-Length of the compressed bytes, here a fifth of the JSON).
        if (contentLength) headers['content-length'] = String(contentEncoding ? Math.ceil(bytes.length / 5) : bytes.length);
        if (contentEncoding) headers['content-encoding'] = contentEncoding;
        return new Response(stream, { status, headers });
      },
    });
    return { http, requested, size: bytes.length };
  }

  it('streams the bundle with progress up to its Content-Length, then stores it', async () => {
    const body = JSON.stringify(
      bundle(
        7,
        'Joinville',
        '2025-03-10T14:30:00.000Z',
        Array.from({ length: 40 }, (_, i) => `Pessoa ${i}`),
      ),
    );
    const { http, requested, size } = server(body);
    const progress: Array<{ loaded: number; total: number }> = [];
    const ready = await downloadBundle(http, db, 7, { onProgress: (p) => progress.push(p) });

    expect(requested).toEqual(['/api/offline/municipio/7']);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.every((p) => p.total === size)).toBe(true);
    expect(progress.at(-1)!.loaded).toBe(size);
    expect(ready).toMatchObject({ municipioId: 7, nome: 'Joinville', bytes: size });
    expect(await db.membros.where('municipioId').equals(7).count()).toBe(40);
  });

  it('falls back to the announced size without Content-Length', async () => {
    const body = JSON.stringify(bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana']));
    const { http } = server(body, { contentLength: false });
    const totals = new Set<number>();
    await downloadBundle(http, db, 7, { expectedBytes: 1_000_000, onProgress: (p) => totals.add(p.total) });
    expect([...totals]).toEqual([1_000_000]);
  });

  it('uses the announced size when the answer came compressed (its Content-Length counts compressed bytes)', async () => {
    const body = JSON.stringify(bundle(7, 'Joinville', '2025-03-10T14:30:00.000Z', ['Ana']));
    const { http, size } = server(body, { contentEncoding: 'br' });
    const totals = new Set<number>();
    const ready = await downloadBundle(http, db, 7, { expectedBytes: size, onProgress: (p) => totals.add(p.total) });
    expect([...totals]).toEqual([size]);
    expect(ready.bytes).toBe(size);
  });

  it('stores nothing when the answer is not a valid bundle of that municipality', async () => {
    const other = JSON.stringify(bundle(8, 'Itajaí', '2025-03-10T14:30:00.000Z', ['Ana']));
    await expect(downloadBundle(server(other).http, db, 7)).rejects.toThrow('outro município');
    await expect(downloadBundle(server('{"geradoEm":"x"}').http, db, 7)).rejects.toThrow();
    expect(await listOfflineMunicipalities(db)).toEqual([]);
    expect(await db.membros.count()).toBe(0);
  });

  it('reads the size announced before downloading', async () => {
    const summary = {
      municipioId: 7,
      bytes: 123456,
      contagens: { grupos: 1, membros: 2, encontros: 0, solucoes: 1, tarefas: 0, perguntas: 3 },
    };
    const { http, requested } = server(JSON.stringify(summary));
    expect(await fetchBundleSummary(http, 7)).toEqual(summary);
    expect(requested).toEqual(['/api/offline/municipio/7/resumo']);
  });
});
