import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { PAYMENT_LIST_FIRST_ROWS } from '../../src/domain/payments.ts';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';
import { openDatabase } from '../../server/db/client.ts';
import { contrato, municipioTarefa, relatorio, usuario } from '../../server/db/schema/index.ts';
import { seed } from '../../server/seed/index.ts';
import { ms, percentile, signIn, withBenchServer } from './server-process.ts';

/**
 * Issue 28 item 9: "the process list with 5,000 processes renders its first rows ≤ 150 ms after the
 * answer; the create call with 200 reports answers ≤ 300 ms p50 on PGlite". A fresh data dir is
 * seeded, then given, for the sc tenant's demo conductor:
 * - 5,000 payment processes under one contract (the list);
 * - a second contract with CREATE_RUNS + 1 months of 2030, each with 200 approved reports (each
 *   fulfilling a task, so the hours subquery has work), one process created per month.
 * (a) In Chromium the full admin opens /gestao-pagamento: list-by-filtro answer received (resource
 *     timing) → the first process row's button in the DOM (a MutationObserver), no sleeps.
 * (b) From node, POST cadastrar-relatorio-pagamento with the month's 200 reports, timed round trip;
 *     the first month warms up and is not counted. The floor is a trivial GET timed the same way.
 */

const PORT = 18114;
const PROCESSES = 5_000;
const REPORTS_PER_CREATE = 200;
const CREATE_RUNS = 10;
const LOAD_RUNS = 5;
const FLOOR_RUNS = 20;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const BASE = '/api/relatorio/relatorioGestaoPagamento';

type Prepared = { usuarioId: number; createContractId: number; months: number[][] };

async function prepare(dataDir: string): Promise<Prepared> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  try {
    await seed(db, { demoPassword: PASSWORD });
    const [conductor] = await db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    const usuarioId = conductor!.usuarioId;
    const [place] = await db
      .select({ municipioId: relatorio.municipioId })
      .from(relatorio)
      .where(eq(relatorio.usuarioId, usuarioId))
      .limit(1);
    const [task] = await db
      .select({ id: municipioTarefa.municipioTarefaId })
      .from(municipioTarefa)
      .where(and(eq(municipioTarefa.municipioId, place!.municipioId), gt(municipioTarefa.horas, 0)))
      .limit(1);

    // (a) 5,000 processes, a week each, in the three statuses.
    const [listContract] = await db
      .insert(contrato)
      .values({
        tenantId: 'sc',
        usuarioId,
        numContrato: 'SC-BENCH/LISTA',
        qtdEntregasPrevistas: 12,
        inicio: '1990-01-01',
        fim: '2099-12-31',
        ativo: true,
      })
      .returning();
    await db.execute(sql`
      insert into processo_pagamento (tenant_id, usuario_id, contrato_id, numero, codigo_contratacao, periodo_inicio, periodo_fim, horas, total, status, enviado_sgf_em)
      select 'sc', ${usuarioId}, ${listContract!.contratoId}, g::text, 'CT-' || lpad(g::text, 5, '0'),
             date '1990-01-01' + g * 7, date '1990-01-01' + g * 7 + 6, 20 + g % 30, 100000 + g * 37,
             (array['aberto', 'aprovado', 'rejeitado'])[1 + g % 3], case when g % 3 = 1 then now() end
        from generate_series(1, ${PROCESSES}) g`);

    // (b) a month of 2030 per create, 200 approved reports in each.
    const [createContract] = await db
      .insert(contrato)
      .values({
        tenantId: 'sc',
        usuarioId,
        numContrato: 'SC-BENCH/CRIA',
        qtdEntregasPrevistas: 12,
        inicio: '2030-01-01',
        fim: '2030-12-31',
        ativo: true,
      })
      .returning();
    const months: number[][] = [];
    for (let m = 1; m <= CREATE_RUNS + 1; m++) {
      const rows = Array.from({ length: REPORTS_PER_CREATE }, (_, i) => ({
        tenantId: 'sc',
        municipioId: place!.municipioId,
        usuarioId,
        titulo: `Relatório de carga ${m}-${i + 1}`,
        descricao: '<p>Relato.</p>',
        statusRelatorioId: REPORT_STATUS.aprovado,
        codigoPublico: randomBytes(16).toString('hex'),
        // Spread over days 1-28 at 09:00-16:00 in São Paulo (UTC-3).
        criadoEm: new Date(Date.UTC(2030, m - 1, 1 + (i % 28), 12 + (i % 8))),
      }));
      const ids = (await db.insert(relatorio).values(rows).returning({ id: relatorio.relatorioId })).map((r) => r.id);
      await db.execute(sql`
        insert into relatorio_tarefa (tenant_id, relatorio_id, municipio_tarefa_id, cumprida)
        select 'sc', relatorio_id, ${task!.id}, true from relatorio where tenant_id = 'sc' and titulo like ${`Relatório de carga ${m}-%`}`);
      months.push(ids);
    }
    await db.execute(sql`analyze`);
    return { usuarioId, createContractId: createContract!.contratoId, months };
  } finally {
    await database.close();
  }
}

/** Installed before the app runs on every page load: when the first process row appears. */
function watchFirstRow() {
  performance.setResourceTimingBufferSize(10_000);
  const w = window as unknown as { __firstRowAt?: number };
  const observer = new MutationObserver(() => {
    if (document.querySelector('button[aria-label^="Abrir o processo"]')) {
      w.__firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * /gestao-pagamento loaded. The screen asks list-by-filtro for its first rows, then for the whole
 * list (issue 28): the figure is the first answer's last byte → the first row in the DOM; also the
 * first answer's own time, and when the whole list's answer had arrived (navigation start → last byte).
 */
async function loadRun(page: Page, url: string): Promise<{ render: number; answer: number; whole: number }> {
  await page.goto(`${url}/gestao-pagamento`);
  await page.waitForFunction(() => (window as unknown as { __firstRowAt?: number }).__firstRowAt !== undefined, undefined, {
    timeout: 60_000,
  });
  // The whole list has replaced the first rows once the table's status line has emptied.
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('resource').filter((e) => /\/list-by-filtro$/.test(e.name)).length >= 2 &&
      !document.querySelector('[role="status"]')?.textContent?.includes('demais processos'),
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const [first, whole] = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\/list-by-filtro$/.test(e.name))
      .sort((a, b) => a.responseEnd - b.responseEnd);
    return {
      render: (window as unknown as { __firstRowAt: number }).__firstRowAt - first!.responseEnd,
      answer: first!.responseEnd - first!.requestStart,
      whole: whole!.responseEnd,
    };
  });
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return took;
}

export function paymentsBench(): Promise<string> {
  return withBenchServer({ name: 'payments', port: PORT, prepare }, async ({ url, browser, prepared }) => {
    // (b) first: the API alone, before a browser shares the two cores.
    const login = await fetch(`${url}/api/usuario/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', database: 'sc' },
      body: JSON.stringify({ login: 'condutor@demo.local', senha: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, database: 'sc', branch: 'hlg' };
    const floorUrl = `${url}${BASE}/obter-numero-relatorio/${prepared.usuarioId}/${prepared.createContractId}`;
    const floor: number[] = [];
    for (let i = 0; i <= FLOOR_RUNS; i++) {
      const t = await timed(() => fetch(floorUrl, { headers }));
      if (i > 0) floor.push(t);
    }
    const creates: number[] = [];
    for (const [index, ids] of prepared.months.entries()) {
      const month = String(index + 1).padStart(2, '0');
      const body = {
        contratoId: prepared.createContractId,
        codigoContratacao: 'CT-BENCH',
        periodoRealizacao: `01/${month}/2030 - 28/${month}/2030`,
        numero: String(index + 1),
        horas: 0,
        total: 150_050,
        relatorios: ids,
        relatoriosAdministrativos: [],
      };
      const t = await timed(() =>
        fetch(`${url}${BASE}/cadastrar-relatorio-pagamento`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (index > 0) creates.push(t); // the first warms the server up
    }

    // (a) the list in Chromium.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
    const page = await context.newPage();
    await signIn(page, url, 'admin@demo.local');
    await context.addInitScript(watchFirstRow);
    const renders: number[] = [];
    const answers: number[] = [];
    const wholes: number[] = [];
    for (let i = 0; i <= LOAD_RUNS; i++) {
      const r = await loadRun(page, url);
      if (i === 0) continue; // the first run loads the chunks
      renders.push(r.render);
      answers.push(r.answer);
      wholes.push(r.whole);
    }
    const rowsInDom = await page.locator('button[aria-label^="Abrir o processo"]').count();
    // The browser's floor for this answer: JSON.parse of the same body, in the same page, no React.
    const parses = await page.evaluate(async (url) => {
      const stored = JSON.parse(localStorage.getItem('ce:session')!) as { token: string; tenant: { id: string } };
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${stored.token}`, database: stored.tenant.id, 'content-type': 'application/json' },
        body: '{}',
      });
      const text = await res.text();
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        JSON.parse(text);
        times.push(performance.now() - started);
      }
      return { times: times.sort((a, b) => a - b), bytes: text.length };
    }, `${url}${BASE}/list-by-filtro`);
    await context.close();

    for (const list of [floor, creates, renders, answers, wholes]) list.sort((a, b) => a - b);
    const renderP50 = percentile(renders, 50);
    const createP50 = percentile(creates, 50);
    return [
      '## Payment processes (issue 28)',
      '',
      `Command: \`BENCH_ONLY=payments npm run bench\`. The seeded sc tenant plus ${PROCESSES.toLocaleString('en')} processes of the demo conductor, and ${CREATE_RUNS + 1} months of ${REPORTS_PER_CREATE} approved reports to bill (each fulfilling a task); embedded PGlite, production build, Chromium.`,
      '',
      '| measure | p50 | max | goal | met |',
      '| --- | --- | --- | --- | --- |',
      `| /gestao-pagamento (full admin, ${PROCESSES + 2} processes): list-by-filtro answer received → first row in the DOM (${LOAD_RUNS} runs; ${rowsInDom} rows in the DOM, virtualised) | ${ms(renderP50)} | ${ms(renders.at(-1)!)} | ≤ 150 ms | ${renderP50 <= 150 ? '✅' : '❌'} |`,
      `| cadastrar-relatorio-pagamento with ${REPORTS_PER_CREATE} reports, round trip from node (${CREATE_RUNS} runs after one warm-up) | ${ms(createP50)} | ${ms(creates.at(-1)!)} | ≤ 300 ms | ${createP50 <= 300 ? '✅' : '❌'} |`,
      `| floor: GET obter-numero-relatorio (auth, tenant, one count) (${FLOOR_RUNS} runs) | ${ms(percentile(floor, 50))} | ${ms(floor.at(-1)!)} | | |`,
      `| floor in the browser: JSON.parse of the same ${(parses.bytes / 1e6).toFixed(1)} MB answer in the page (5 runs) | ${ms(percentile(parses.times, 50))} | ${ms(parses.times.at(-1)!)} | | |`,
      `| for reference: the first rows' list-by-filtro answer (limite ${PAYMENT_LIST_FIRST_ROWS}), request sent → last byte, in the browser | ${ms(percentile(answers, 50))} | ${ms(answers.at(-1)!)} | | |`,
      `| for reference: the whole list's answer, navigation start → last byte (it then replaces the first rows) | ${ms(percentile(wholes, 50))} | ${ms(wholes.at(-1)!)} | | |`,
      '',
    ].join('\n');
  });
}
