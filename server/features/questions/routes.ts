import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { questions } from '../../../src/contract/questions.ts';
import { visibleAxisIds } from '../../../src/domain/permissions.ts';
import { route } from '../../lib/endpoint.ts';
import * as repo from './repository.ts';

/**
 * A municipality's questions (src/contract/questions.ts): the list the follow-up, evidence and Sala
 * domains share, limited to the axes the user sees (spec §6); the municipality and its Acompanhamento
 * tab are declared on the endpoint. The offline bundle carries the same question rows (questions/read.ts).
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, questions.ofMunicipality, ({ session, tenantId, params }) =>
    repo.listQuestions(app.db, tenantId, params.id, visibleAxisIds(session, params.id)),
  );
};
