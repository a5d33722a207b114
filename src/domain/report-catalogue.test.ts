import { describe, expect, it } from 'vitest';
import { filtersFromSearch, reportById, reportHref, TASKS_REPORT_ID } from './report-catalogue.ts';

/** The charts' drill-down carries filters in the report's URL; the report screen reads them back. */
describe('report URLs with filters', () => {
  const tasks = reportById(TASKS_REPORT_ID)!;

  it('round-trips the declared filters through the query string', () => {
    const filters = { grupoSolucaoId: [3, 4], uf: ['SC'], regionalId: [7], dataInicial: '2026-01-01', dataFim: '2026-06-30' };
    const href = reportHref(tasks.route, filters);
    expect(href).toBe(
      '/dashboard-administrativo2/relatorio/get-execucao-por-tarefas?grupoSolucaoId=3&grupoSolucaoId=4&uf=SC&regionalId=7&dataInicial=2026-01-01&dataFim=2026-06-30',
    );
    expect(filtersFromSearch(tasks, new URL(href, 'http://x').searchParams)).toEqual(filters);
    expect(reportHref(tasks.route)).toBe('/dashboard-administrativo2/relatorio/get-execucao-por-tarefas');
  });

  it('keeps only what the report declares, and drops an invalid URL to the defaults', () => {
    expect(filtersFromSearch(tasks, new URLSearchParams('grupoSolucaoId=3&usuarioId=9'))).toEqual({ grupoSolucaoId: [3] });
    expect(filtersFromSearch(tasks, new URLSearchParams('usuarioId=9'))).toBeNull();
    expect(filtersFromSearch(tasks, new URLSearchParams('grupoSolucaoId=abc'))).toBeNull();
    expect(filtersFromSearch(tasks, new URLSearchParams('dataInicial=2026-05-01&dataFim=2026-04-01'))).toBeNull();
    expect(filtersFromSearch(tasks, new URLSearchParams(''))).toBeNull();
  });
});
