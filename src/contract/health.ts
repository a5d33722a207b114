import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const state = z.enum(['ok', 'indisponivel']);

/** The server's own health (not tied to a tenant): what a load balancer and the operator's monitor read. */
export const health = {
  get: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Servidor, banco de dados e armazenamento de arquivos no ar',
    tags: ['sistema'],
    access: 'public',
    tenant: false,
    response: {
      200: z.object({ status: z.literal('ok'), database: z.literal('ok'), storage: z.literal('ok') }),
      503: z.object({ status: z.literal('erro'), database: state, storage: state, message: z.string() }),
    },
  }),
};
