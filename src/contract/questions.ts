import { z } from 'zod';
import { offlineQuestionSchema } from '../domain/offline-bundle.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParams } from './schemas.ts';

/**
 * A municipality's questions (spec §7 api/pergunta/perguntamunicipio; the question register is
 * src/contract/registers.ts): the list the follow-up, evidence and Sala domains share, limited by the
 * server to the axes the user sees (spec §6). They are the Acompanhamento tab's data, so they need it.
 */
export const questions = {
  ofMunicipality: endpoint({
    method: 'GET',
    path: '/pergunta/perguntamunicipio/get-perguntas/:id',
    summary: 'Perguntas do município (id do município), por tema e número',
    tags: ['pergunta'],
    access: { municipality: 'params.id', tab: 'acompanhamento' },
    params: idParams,
    response: { 200: z.array(offlineQuestionSchema), ...errorResponses(400, 401, 403, 404) },
  }),
};
