import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_TERM_COLUMNS, REFERENCE_TERM_MAX_BYTES, REFERENCE_TERM_MESSAGES as M, type ReferenceTerm, type TermPreview } from '../../src/domain/reference-term.ts';
import { configuracao, municipio } from '../../server/db/schema/index.ts';
import { buildWorkbook, XLSX_CONTENT_TYPE } from '../../server/lib/xlsx.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

/**
 * The reference term (issue 30) against the real app and database: the upload is a preview that
 * writes nothing, the confirmation writes all or nothing, every change is behind its flag and the
 * city tab, and nothing crosses municipalities or tenants.
 */

let t: TestApp;
const city: Record<string, number> = {};

const token = demoSignIns(() => t);
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: unknown, tenant = 'sc') {
  return t.app.inject({ method, url: `/api${url}`, headers: authHeaders(await token(user, tenant), tenant), payload: payload as never });
}

type Row = Partial<Record<(typeof REFERENCE_TERM_COLUMNS)[number]['key'], string | number>>;

const sheet = (rows: Row[]) => buildWorkbook([{ name: 'Termo de referência', columns: REFERENCE_TERM_COLUMNS, rows }]);

function form(bytes: Buffer, filename = 'termo.xlsx') {
  const boundary = '----termo';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(user: string, municipioId: number, bytes: Buffer, filename?: string) {
  const f = form(bytes, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/arquivo/excel/upload-tr?municipioId=${municipioId}`,
    headers: { ...authHeaders(await token(user)), 'content-type': f.contentType },
    payload: f.payload,
  });
}

const GOOD: Row[] = [
  { fase: 'Diagnóstico', faseDescricao: 'Situação atual', atividade: 'Reunião de abertura', inicio: '2026-03-02', fim: '2026-03-06', horas: 8, responsavel: 'Condutor' },
  { fase: 'Diagnóstico', atividade: 'Questionário', inicio: '2026-03-09', fim: '2026-03-20', horas: 16 },
  { fase: 'Plano de ação', atividade: 'Oficina de priorização', horas: 4.5 },
];

async function setFlags(values: Record<string, boolean>) {
  await t.db.update(configuracao).set(values).where(eq(configuracao.tenantId, 'sc'));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
});
afterAll(async () => {
  await t?.close();
});

describe('upload-tr: a preview, nothing written', () => {
  it('reads a good sheet into lines without errors, and writes nothing until confirmed', async () => {
    const res = await upload('admin', city['Joinville']!, await sheet(GOOD));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as TermPreview;
    expect(preview.arquivoNome).toBe('termo.xlsx');
    expect(preview.linhas.map((l) => [l.linha, l.fase, l.atividade, l.inicio, l.horas, l.erros])).toEqual([
      [2, 'Diagnóstico', 'Reunião de abertura', '02/03/2026', '8', []],
      [3, 'Diagnóstico', 'Questionário', '09/03/2026', '16', []],
      [4, 'Plano de ação', 'Oficina de priorização', '', '4,5', []],
    ]);
    expect([preview.fases, preview.atividades]).toEqual([2, 3]);
    const term = (await call('GET', `/termo-referencia/municipio/${city['Joinville']}`, 'admin')).json() as ReferenceTerm;
    expect(term.fases).toEqual([]);

    const confirmed = await call('POST', '/arquivo/excel/upload-tr/confirmar', 'admin', {
      municipioId: city['Joinville'],
      arquivoNome: preview.arquivoNome,
      linhas: preview.linhas.map(({ erros: _e, ...line }) => line),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const written = confirmed.json() as ReferenceTerm;
    expect(written.fases.map((f) => [f.nome, f.descricao, f.atividades.map((a) => [a.nome, a.inicio, a.fim, a.horas])])).toEqual([
      [
        'Diagnóstico',
        'Situação atual',
        [
          ['Reunião de abertura', '2026-03-02', '2026-03-06', 8],
          ['Questionário', '2026-03-09', '2026-03-20', 16],
        ],
      ],
      ['Plano de ação', '', [['Oficina de priorização', null, null, 4.5]]],
    ]);
    expect(written.arquivoNome).toBe('termo.xlsx');
    const list = (await call('GET', '/termo-referencia', 'condutor')).json() as { municipioId: number; fases: number; atividades: number }[];
    expect(list.find((r) => r.municipioId === city['Joinville'])).toMatchObject({ fases: 2, atividades: 3 });
  });

  it('shows the errors of each bad line in Portuguese; a confirmation with them writes nothing', async () => {
    const bad: Row[] = [...GOOD, { fase: 'Execução', atividade: '', inicio: '2026-05-10', fim: '2026-05-01' }, { fase: 'Execução', atividade: 'Feira', horas: 'muitas' }];
    const res = await upload('admin', city['Florianópolis']!, await sheet(bad));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as TermPreview;
    expect(preview.linhas.filter((l) => l.erros.length).map((l) => [l.linha, l.erros])).toEqual([
      [5, ['a atividade é obrigatória', 'o fim não pode ser antes do início']],
      [6, ['as horas devem ser um número de 0 a 10.000']],
    ]);
    const lines = preview.linhas.map(({ erros: _e, ...line }) => line);
    const before = (await call('GET', `/termo-referencia/municipio/${city['Florianópolis']}`, 'admin')).json() as ReferenceTerm;
    const refused = await call('POST', '/arquivo/excel/upload-tr/confirmar', 'admin', { municipioId: city['Florianópolis'], linhas: lines });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${M.hasErrors} Linha 5: a atividade é obrigatória; o fim não pode ser antes do início. Linha 6: as horas devem ser um número de 0 a 10.000.`);
    expect((await call('GET', `/termo-referencia/municipio/${city['Florianópolis']}`, 'admin')).json()).toEqual(before);

    // Fixed on screen and confirmed: the whole sheet is written.
    lines[3] = { ...lines[3]!, atividade: 'Rodada de negócios', fim: '12/05/2026' };
    lines[4] = { ...lines[4]!, horas: '12' };
    const ok = await call('POST', '/arquivo/excel/upload-tr/confirmar', 'admin', { municipioId: city['Florianópolis'], linhas: lines });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ReferenceTerm).fases.map((f) => f.atividades.length)).toEqual([2, 1, 2]);
  });

  it('refuses what is not a readable xlsx with 400 (or 413) and the reason, never 500', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/arquivo/excel/upload-tr?municipioId=${city['Joinville']}`,
      headers: { ...authHeaders(await token('admin')), 'content-type': 'multipart/form-data; boundary=----x' },
      payload: '------x--\r\n',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Não é possível fazer upload do arquivo, favor selecionar um arquivo!');
    const json = await call('POST', `/arquivo/excel/upload-tr?municipioId=${city['Joinville']}`, 'admin', { file: 'x' });
    expect([json.statusCode, json.json().message]).toEqual([400, M.noFile]);

    const pdf = await upload('admin', city['Joinville']!, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF'), 'termo.xlsx');
    expect([pdf.statusCode, pdf.json().message]).toEqual([400, M.notXlsx]);

    const good = await sheet(GOOD);
    const cut = await upload('admin', city['Joinville']!, good.subarray(0, Math.floor(good.length * 0.6)));
    expect(cut.statusCode).toBe(400);
    expect([M.unreadable, M.notXlsx]).toContain(cut.json().message);

    const wrongColumns = await upload('admin', city['Joinville']!, await buildWorkbook([{ name: 'X', columns: [{ key: 'a', header: 'Fase', type: 'text' }], rows: [{ a: 'x' }] }]));
    expect([wrongColumns.statusCode, wrongColumns.json().message]).toEqual([400, M.missingColumn('Descrição da fase')]);

    const empty = await upload('admin', city['Joinville']!, await sheet([]));
    expect([empty.statusCode, empty.json().message]).toEqual([400, M.empty]);

    const oversized = Buffer.concat([good, Buffer.alloc(REFERENCE_TERM_MAX_BYTES + 1024, 0x20)]);
    const big = await upload('admin', city['Joinville']!, oversized);
    expect([big.statusCode, big.json().message]).toEqual([413, M.tooLarge]);
  });
});

describe('phases and activities, by flag', () => {
  it('adds, edits, interrupts (with a reason), resumes and deletes', async () => {
    const id = city['Joinville']!;
    const phase = await call('POST', '/termo-referencia/fase', 'condutor', { municipioId: id, nome: 'Monitoramento', descricao: '' });
    expect(phase.statusCode, phase.body).toBe(201);
    const faseId = phase.json().faseId as number;
    const badDates = await call('POST', '/termo-referencia/atividade', 'condutor', { faseId, nome: 'Visita', inicio: '2026-06-10', fim: '2026-06-01' });
    expect([badDates.statusCode, badDates.json().message]).toEqual([400, M.endBeforeStart]);
    const act = await call('POST', '/termo-referencia/atividade', 'condutor', { faseId, nome: 'Visita mensal', horas: 4, inicio: '2026-06-01' });
    expect(act.statusCode, act.body).toBe(201);
    const atividadeId = act.json().atividadeId as number;
    const edited = await call('PUT', '/termo-referencia/atividade', 'condutor', { atividadeId, nome: 'Visita quinzenal', horas: 2 });
    expect(edited.json()).toMatchObject({ nome: 'Visita quinzenal', horas: 2, inicio: null });

    const noReason = await call('PUT', `/termo-referencia/atividade/${atividadeId}/interromper`, 'condutor', { interrompida: true });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, M.reasonRequired]);
    const stopped = await call('PUT', `/termo-referencia/atividade/${atividadeId}/interromper`, 'condutor', { interrompida: true, motivo: 'Troca de gestão' });
    expect(stopped.json()).toMatchObject({ interrompida: true, motivoInterrupcao: 'Troca de gestão' });
    const resumed = await call('PUT', `/termo-referencia/fase/${faseId}/interromper`, 'condutor', { interrompida: false });
    expect(resumed.json()).toMatchObject({ interrompida: false, motivoInterrupcao: null });

    expect((await call('DELETE', `/termo-referencia/atividade/${atividadeId}`, 'condutor')).statusCode).toBe(204);
    expect((await call('DELETE', `/termo-referencia/fase/${faseId}`, 'condutor')).statusCode).toBe(204);
    expect((await call('DELETE', `/termo-referencia/fase/${faseId}`, 'condutor')).statusCode).toBe(404);
  });

  it('answers 403 for each change whose flag is off (the full admin keeps it), and 403 without the tab', async () => {
    const id = city['Joinville']!;
    const phase = (await call('POST', '/termo-referencia/fase', 'admin', { municipioId: id, nome: 'Fase de teste' })).json() as { faseId: number };
    try {
      await setFlags({ adicionarTermoReferencia: false, editarTermoReferencia: false, excluirTermoReferencia: false, importarTermoReferencia: false, interromperTermoReferencia: false });
      const attempts = [
        await call('POST', '/termo-referencia/fase', 'condutor', { municipioId: id, nome: 'Outra' }),
        await call('PUT', '/termo-referencia/fase', 'condutor', { faseId: phase.faseId, nome: 'Outra' }),
        await call('DELETE', `/termo-referencia/fase/${phase.faseId}`, 'condutor'),
        await call('PUT', `/termo-referencia/fase/${phase.faseId}/interromper`, 'condutor', { interrompida: true, motivo: 'x' }),
        await upload('condutor', id, await sheet(GOOD)),
        await call('POST', '/arquivo/excel/upload-tr/confirmar', 'condutor', { municipioId: id, linhas: [] }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect((await call('PUT', '/termo-referencia/fase', 'admin', { faseId: phase.faseId, nome: 'Renomeada' })).statusCode).toBe(200);
      await setFlags({ verAbaTermoReferencia: false });
      expect((await call('GET', `/termo-referencia/municipio/${id}`, 'condutor')).statusCode).toBe(403);
      expect((await call('GET', '/termo-referencia', 'condutor')).statusCode).toBe(403);
    } finally {
      await setFlags({ adicionarTermoReferencia: true, editarTermoReferencia: true, excluirTermoReferencia: true, importarTermoReferencia: true, interromperTermoReferencia: true, verAbaTermoReferencia: true });
    }
    expect((await call('DELETE', `/termo-referencia/fase/${phase.faseId}`, 'condutor')).statusCode).toBe(204);
  });
});

describe('nothing crosses municipalities or tenants', () => {
  it('answers 404 for a municipality out of sight and for another tenant’s phases', async () => {
    const blumenau = city['Blumenau']!;
    expect((await call('GET', `/termo-referencia/municipio/${blumenau}`, 'condutor')).statusCode).toBe(404);
    expect((await call('POST', '/termo-referencia/fase', 'condutor', { municipioId: blumenau, nome: 'X' })).statusCode).toBe(404);
    expect((await upload('condutor', blumenau, await sheet(GOOD))).statusCode).toBe(404);
    const phase = (await call('POST', '/termo-referencia/fase', 'admin', { municipioId: blumenau, nome: 'Só de SC' })).json() as { faseId: number };
    expect((await call('PUT', '/termo-referencia/fase', 'condutor', { faseId: phase.faseId, nome: 'Invadida' })).statusCode).toBe(404);
    expect((await call('PUT', '/termo-referencia/fase', 'admin', { faseId: phase.faseId, nome: 'Invadida' }, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/termo-referencia/fase/${phase.faseId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `/termo-referencia/municipio/${blumenau}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    const msList = (await call('GET', '/termo-referencia', 'admin', undefined, 'ms')).json() as { municipioId: number }[];
    expect(msList.some((r) => Object.values(city).includes(r.municipioId))).toBe(false);
  });

  it('answers malformed input with 400 in Portuguese', async () => {
    const bad = await call('POST', '/termo-referencia/fase', 'admin', { municipioId: city['Joinville'], nome: '' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Informe o nome da fase.']);
    const noMunicipality = await t.app.inject({
      method: 'POST',
      url: '/api/arquivo/excel/upload-tr',
      headers: { ...authHeaders(await token('admin')), 'content-type': form(await sheet(GOOD)).contentType },
      payload: form(await sheet(GOOD)).payload,
    });
    expect(noMunicipality.statusCode).toBeGreaterThanOrEqual(400);
    expect(noMunicipality.statusCode).toBeLessThan(500);
  });

  it('gives the template with the columns it reads', async () => {
    const res = await call('GET', '/arquivo/excel/modelo-tr', 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const back = await upload('admin', city['Joinville']!, res.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as TermPreview).linhas.every((l) => l.erros.length === 0)).toBe(true);
  });
});
