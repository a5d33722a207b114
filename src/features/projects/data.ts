import { z } from 'zod';
import { call } from '../../api/call.ts';
import { projects as projectsApi } from '../../contract/projects.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { projectSchema, type ProjectInput, type ProjectUpdate } from '../../domain/users.ts';

/**
 * Projects' data object (issue 27), built on the two primitives of src/data over the declarations
 * of src/contract/projects.ts. Screens and components import this file only.
 */

export { httpStatusOf, apiErrorMessage } from '../../lib/api-errors.ts';

const PROJECTS = ['projeto'] as const;
const SAVE_FAILED = 'Não foi possível salvar o projeto. Verifique sua conexão e tente novamente.';

/** GET api/projeto. A reload keeps the current rows on screen until the answer arrives. */
const list = query.online(() => ({
  key: PROJECTS,
  fetch: (signal: AbortSignal) => call(projectsApi.list, { signal }),
  schema: z.array(projectSchema),
  errorMessage: ERROR_MESSAGES.listProjects,
}));

/** 409 when the name is taken; the server says so. */
const create = command.online({
  send: (body: ProjectInput) => call(projectsApi.create, { body }),
  schema: projectSchema,
  invalidates: () => [PROJECTS],
  failure: { message: SAVE_FAILED },
});

const update = command.online({
  send: (body: ProjectUpdate) => call(projectsApi.update, { body }),
  schema: projectSchema,
  invalidates: () => [PROJECTS],
  failure: { message: SAVE_FAILED },
});

/** 409 while a municipality, axis or solution group still uses the project; the server says which. */
const remove = command.online({
  send: (projetoId: number) => call(projectsApi.remove, { params: { id: projetoId } }),
  invalidates: () => [PROJECTS],
  failure: { message: 'Não foi possível excluir o projeto.' },
});

export const projects = { useList: list, create, update, remove };
