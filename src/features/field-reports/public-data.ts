import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { fieldReports as endpoints } from '../../contract/field-reports.ts';
import { onlineQuery } from '../../data/online-query.ts';
import { publicReportSchema } from '../../domain/field-reports.ts';

export { httpStatusOf } from '../../lib/api-errors.ts';

/**
 * GET api/relatorio/obter-publico/{codigo}: no login; only what a shared link shows. The feature's
 * one signed-out read, apart from its data object (data.ts): the public page is a signed-out
 * page, and through the data object it downloaded the data port, the outbox and the meetings'
 * contract; the build also kept every module a signed-out page loads out of the signed-in frame's
 * file, so those came to signed-in pages twice (issue 32).
 */
export const usePublicReport = onlineQuery((codigo: string | null) =>
  codigo === null
    ? null
    : {
        key: ['relatorio', 'publico', codigo],
        fetch: (signal: AbortSignal) => api.get(pathOf(endpoints.public, { codigo }), { signal }).json(),
        schema: publicReportSchema,
      },
);
