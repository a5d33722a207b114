import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { REFERENCE_TERM_COLUMNS, type TermPreview } from '../../src/domain/reference-term.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { municipio } from '../../server/db/schema/index.ts';
import { seed } from '../../server/seed/index.ts';
import { buildWorkbook, XLSX_CONTENT_TYPE } from '../../server/lib/xlsx.ts';
import { ms, percentile } from './server-process.ts';

const LINES = 5_000;
const RUNS = 5;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

/**
 * Issue 30 item 8: a 5,000-line reference term is checked and previewed in ≤ 3 s and written in
 * ≤ 5 s on PGlite. The real app (buildApp) on an embedded database, called in process (inject: the
 * server's work without the network): the upload-tr preview of a 5,000-line sheet (50 phases of
 * 100 activities, every cell filled), then its confirmation. The floor is exceljs alone reading
 * the same sheet, which any preview must at least do.
 */
export async function referenceTermBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-tr-'));
  const database = await openDatabase({ dataDir });
  try {
    await seed(database.db, { demoPassword: PASSWORD });
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/usuario/login', headers: { database: 'sc' }, payload: { login: 'admin@demo.local', senha: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token as string}`, database: 'sc', branch: 'hlg' };
    const [city] = await database.db.select({ id: municipio.municipioId }).from(municipio).where(eq(municipio.tenantId, 'sc')).limit(1);
    const rows = Array.from({ length: LINES }, (_, i) => ({
      fase: `Fase ${Math.floor(i / 100) + 1}`,
      faseDescricao: 'Descrição da fase com algumas palavras',
      atividade: `Atividade ${i + 1} do plano de trabalho`,
      atividadeDescricao: 'Descrição da atividade, com o que se espera entregar ao município',
      inicio: '2026-03-02',
      fim: '2026-06-30',
      horas: (i % 40) + 1,
      responsavel: 'Consultor condutor',
    }));
    const bytes = await buildWorkbook([{ name: 'Termo de referência', columns: REFERENCE_TERM_COLUMNS, rows }]);
    const boundary = '----bench';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="termo.xlsx"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    const floor: number[] = [];
    const previews: number[] = [];
    const writes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      let started = performance.now();
      const ExcelJS = (await import('exceljs')).default;
      await new ExcelJS.Workbook().xlsx.load(bytes as unknown as ArrayBuffer);
      if (run > 0) floor.push(performance.now() - started);

      started = performance.now();
      const preview = await app.inject({
        method: 'POST',
        url: `/api/arquivo/excel/upload-tr?municipioId=${city!.id}`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body}`);
      const read = preview.json() as TermPreview;
      if (run > 0) previews.push(performance.now() - started);

      started = performance.now();
      const written = await app.inject({
        method: 'POST',
        url: '/api/arquivo/excel/upload-tr/confirmar',
        headers,
        payload: { municipioId: city!.id, arquivoNome: read.arquivoNome, linhas: read.linhas.map(({ erros: _e, ...line }) => line) },
      });
      if (written.statusCode !== 200) throw new Error(`confirm: ${written.statusCode} ${written.body.slice(0, 200)}`);
      if (run > 0) writes.push(performance.now() - started);
    }
    await app.close();
    const line = (name: string, times: number[], budget: string) => {
      times.sort((a, b) => a - b);
      return `| ${name} | ${ms(percentile(times, 50))} | ${ms(times[times.length - 1]!)} | ${budget} |`;
    };
    return [
      '## Reference term (issue 30)',
      '',
      `${LINES.toLocaleString('en')}-line sheet (${(bytes.length / 1024).toFixed(0)} KB, 50 phases), ${RUNS} runs after a warm-up, app in process on PGlite (\`BENCH_ONLY=reference-term npm run bench\`); ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
      '',
      '| step | median | worst | budget |',
      '| --- | --- | --- | --- |',
      line('floor: exceljs reads the sheet', floor, '-'),
      line('upload-tr: read, check, preview', previews, '≤ 3 s'),
      line('upload-tr/confirmar: check again, replace the term', writes, '≤ 5 s'),
      '',
    ].join('\n');
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
