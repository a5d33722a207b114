import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { call } from '../../api/call.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { reportCatalogue as endpoints, reportEndpointsOf } from '../../contract/report-catalogue.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  filterOptionsSchema,
  reportPageSchema,
  REPORT_MESSAGES,
  type ExportFormat,
  type ReportDefinition,
  type ReportFilters,
} from '../../domain/report-catalogue.ts';
import { z } from 'zod';
import { reportDefinitionSchema } from '../../domain/report-catalogue.ts';

/**
 * The report catalogue's data object (issue 34), over src/contract/report-catalogue.ts. Online
 * only: a report is computed by the server from the whole database. Screens import this file only.
 */
export type { CommandResult } from '../../data/command.ts';
export type { DownloadProgress };

/** The reports the user may open in this mode (the server applies relatorioAdm and exibirEm). */
const useCatalogue = query.online(() => ({
  key: ['relatorios-catalogo'],
  fetch: (signal: AbortSignal) => call(endpoints.list, { signal }),
  schema: z.array(reportDefinitionSchema),
}));

const useOptions = query.online(() => ({
  key: ['relatorios-opcoes'],
  fetch: (signal: AbortSignal) => call(endpoints.options, { signal }),
  schema: filterOptionsSchema,
}));

export type ReportRun = { report: ReportDefinition; filtros: ReportFilters; pagina: number; tamanhoPagina: number };

/** One page of a report for the applied filters; null waits (filters not applied yet). */
const useRows = query.online((run: ReportRun | null) =>
  run === null
    ? null
    : {
        key: ['relatorio-linhas', run.report.id, run.filtros, run.pagina, run.tamanhoPagina],
        fetch: (signal: AbortSignal) =>
          call(reportEndpointsOf(run.report.id).rows, {
            body: { filtros: run.filtros, pagina: run.pagina, tamanhoPagina: run.tamanhoPagina },
            signal,
          }),
        schema: reportPageSchema,
        errorMessage: REPORT_MESSAGES.loadError,
      },
);

export type ExportInput = {
  report: ReportDefinition;
  filtros: ReportFilters;
  formato: ExportFormat;
  onProgress: (p: DownloadProgress) => void;
};

/** The server streams the file; the bytes received so far are the progress. */
const exportReport = command.online({
  send: ({ report, filtros, formato, onProgress }: ExportInput) =>
    downloadFile(pathOf(reportEndpointsOf(report.id).export), `relatorio-${report.id}-${report.route}.${formato}`, onProgress, {
      json: { filtros, formato },
    }),
  failure: { message: REPORT_MESSAGES.exportError },
});

export const reportCatalogueData = { useCatalogue, useOptions, useRows, exportReport };
