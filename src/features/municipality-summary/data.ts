import { z } from 'zod';
import { call } from '../../api/call.ts';
import { municipalitySummary as endpoints } from '../../contract/municipality-summary.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { summarySchema, type SummaryCreateInput } from '../../domain/municipality-summary.ts';

/** The municipality summary's data object (api/municipio-resunmo), online. Screens import this file only. */

const SUMMARIES = ['resumo-municipio'] as const;

const useList = query.online((municipioId: number) => ({
  key: [...SUMMARIES, 'municipio', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.list, { params: { id: municipioId }, signal }),
  schema: z.array(summarySchema),
}));

const useOne = query.online((resumoId: number | null) =>
  resumoId === null
    ? null
    : {
        key: [...SUMMARIES, 'one', resumoId],
        fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id: resumoId }, signal }),
        schema: summarySchema,
      },
);

/** Adds (no resumoId) or edits one. */
const save = command.online({
  send: ({ resumoId, ...body }: SummaryCreateInput & { resumoId: number | null }) =>
    resumoId === null ? call(endpoints.create, { body }) : call(endpoints.update, { body: { resumoId, titulo: body.titulo, texto: body.texto } }),
  schema: summarySchema,
  invalidates: () => [SUMMARIES],
  failure: { message: 'Não foi possível salvar o resumo. Verifique sua conexão e tente novamente.' },
});

export const summaries = { useList, useOne, save };
