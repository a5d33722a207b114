import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { REPORT_MESSAGES } from '../../domain/report-common.ts';
import { ADMIN_REPORT_MESSAGES, type AdminReport, type AdminReportListItem } from '../../domain/admin-reports.ts';
import { deleteOfflineDb, openOfflineDb, type OfflineDb, type OutboxEntry } from '../../offline/db.ts';
import { lastSyncedAt } from '../../offline/pull.ts';
import { enqueue } from '../../offline/outbox.ts';
import { pullInto } from '../../offline/pull.ts';
import { checkDraft, listedAdminReports, statusIdsOf } from './form-logic.ts';
import { adminReportCreateKind } from './offline-kinds.ts';
import { adminReportListScope } from './table.ts';

const draft = { titulo: 'Reunião com a secretaria', horas: '4', descricao: '<p>Alinhamento do plano.</p>' };

describe('checkDraft', () => {
  it('accepts a filled form and gives the payload the outbox and the API take', () => {
    const result = checkDraft(draft, 9);
    expect(result).toEqual({
      ok: true,
      value: { municipioId: 9, titulo: 'Reunião com a secretaria', horas: 4, descricao: draft.descricao, arquivosUploadIds: [] },
    });
    // The outbox validates the stored payload again: the output must parse to itself.
    if (result.ok) expect(adminReportCreateKind.schema.parse(result.value)).toEqual(result.value);
  });

  it('reports the first problem in field order (title, hours, description) with the server’s words', () => {
    expect(checkDraft({ titulo: '', horas: '', descricao: '' }, 9)).toEqual({
      ok: false,
      message: ADMIN_REPORT_MESSAGES.tituloObrigatorio,
      field: 'titulo',
    });
    expect(checkDraft({ ...draft, horas: '', descricao: '' }, 9)).toMatchObject({
      message: ADMIN_REPORT_MESSAGES.horasObrigatorias,
      field: 'horas',
    });
    expect(checkDraft({ ...draft, horas: '2,5' }, 9)).toMatchObject({ message: REPORT_MESSAGES.somenteNumeros, field: 'horas' });
    expect(checkDraft({ ...draft, descricao: '<p></p>' }, 9)).toMatchObject({
      message: ADMIN_REPORT_MESSAGES.descricaoObrigatoria,
      field: 'descricao',
    });
  });
});

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    seq: 1,
    kind: 'admin-report-create',
    entityKey: 'relatorio-administrativo:-2147483649',
    dependsOn: [],
    municipioId: 9,
    label: 'Relatório administrativo',
    payload: { municipioId: 9, titulo: 'Na fila', horas: 3, descricao: '<p>x</p>', arquivosUploadIds: [] },
    request: { method: 'POST', path: 'relatorioadministrativo/relatorioadministrativo' },
    tempId: -2147483649,
    serverIdField: 'relatorioAdministrativoId',
    fileIds: [],
    bytes: 0,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.UTC(2025, 2, 10, 12),
    lastError: null,
    response: null,
    ...overrides,
  };
}

function listItem(id: number, titulo = `Relatório ${id}`): AdminReportListItem {
  return {
    relatorioAdministrativoId: id,
    municipioId: 9,
    titulo,
    horas: 2,
    motivoRejeicao: null,
    usuarioId: 5,
    usuario: { nome: 'Carla' },
    criacao: '2025-03-01T12:00:00.000Z',
    statusRelatorioId: 2,
  };
}

describe('queued reports in the city list', () => {
  it('lists this city’s unsent reports first as pendente, with the refusal of a parked one, newest first', () => {
    const queued = (id: number, criacao: string) => ({ ...listItem(id, 'Na fila'), criacao, pending: 1 as const });
    const rows = listedAdminReports(
      [{ ...listItem(1), pending: 0 }, queued(-2147483649, '2025-03-10T12:00:00.000Z'), queued(-2147483650, '2025-03-11T00:00:00.000Z')],
      [
        entry({ tempId: -2147483649 }),
        entry({
          tempId: -2147483650,
          status: 'attention',
          lastError: { status: 400, message: 'Informe o título do relatório', at: 1 },
        }),
        entry({ tempId: -2147483651, kind: 'member-create', status: 'attention' }),
      ],
    );
    expect(rows.map((r) => [r.relatorioAdministrativoId, r.pending, r.attention])).toEqual([
      [-2147483650, true, 'Informe o título do relatório'],
      [-2147483649, true, null],
      [1, false, null],
    ]);
    expect(rows[1]).toMatchObject({ titulo: 'Na fila', usuario: { nome: 'Carla' }, statusRelatorioId: 2 });
  });

  it('maps the status filter to ids, legacy rejections included', () => {
    expect(statusIdsOf([3])).toEqual([3, 0, 1]);
    expect(statusIdsOf([2, 4])).toEqual([2, 4]);
  });
});

describe('the device’s copy of a city’s list', () => {
  let db: OfflineDb;
  beforeEach(async () => {
    db = await openOfflineDb('sc', 77);
  });
  afterEach(async () => {
    db.close();
    await deleteOfflineDb('sc', 77);
  });

  function report(id: number): AdminReport {
    return {
      ...listItem(id),
      descricao: '<p>x</p>',
      municipio: { nome: 'Joinville', uf: 'SC' },
      statusNome: 'Aguardando análise',
      arquivos: [],
      codigoPublico: 'c'.repeat(24),
    };
  }

  const ids = async () =>
    (await db.relatoriosAdministrativos.where('municipioId').equals(9).toArray())
      .map((r) => r.relatorioAdministrativoId)
      .sort((a, b) => b - a);
  const pull = (rows: AdminReportListItem[], startedAt: number) =>
    pullInto(db, 'relatoriosAdministrativos', rows, adminReportListScope(9), { range: { index: 'municipioId', equals: 9 }, startedAt });

  it('a queued report is a pending row at once, and survives a pull that started before it reached the server', async () => {
    // Only the clock is faked (IndexedDB's own timers keep running): time moves when the test says.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    onTestFinished(() => void vi.useRealTimers());
    await pull([listItem(1)], Date.now() - 1000);
    expect(await lastSyncedAt(db, adminReportListScope(9))).not.toBeNull();

    const queued = await enqueue(db, adminReportCreateKind, {
      municipioId: 9,
      titulo: 'Na fila',
      horas: 3,
      descricao: '<p>x</p>',
      arquivosUploadIds: [],
    });
    expect(await db.relatoriosAdministrativos.get(queued.tempId!)).toMatchObject({ titulo: 'Na fila', horas: 3, pending: 1 });

    const startedBefore = Date.now();
    // The report reaches the server after that pull started.
    vi.setSystemTime(startedBefore + 1_000);
    // As the engine retires an entry: the kind's reconcile inside a transaction over every table.
    await db.transaction('rw', db.tables, async () => {
      await adminReportCreateKind.reconcile!(db, { ...queued, payload: queued.payload as never }, report(2), { serverId: 2 });
    });
    expect(await ids()).toEqual([2, 1]);
    expect(await db.relatoriosAdministrativos.get(2)).toMatchObject({ pending: 0 });

    // The stale answer does not list it: it stays on screen.
    await pull([listItem(1)], startedBefore);
    expect(await ids()).toEqual([2, 1]);

    // A pull started afterwards is the truth: listed once, or gone if deleted meanwhile.
    await pull([listItem(2), listItem(1)], Date.now() + 1);
    expect(await ids()).toEqual([2, 1]);
    await pull([listItem(1)], Date.now() + 2);
    expect(await ids()).toEqual([1]);
  });
});
