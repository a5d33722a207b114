import { z } from 'zod';
import { call, urlOf } from '../../api/call.ts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { referenceTerm as endpoints } from '../../contract/reference-term.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  activitySchema,
  phaseSchema,
  REFERENCE_TERM_TEMPLATE_FILENAME,
  referenceTermSchema,
  termListRowSchema,
  termPreviewSchema,
  type ActivityInput,
  type ActivityUpdate,
  type InterruptionInput,
  type PhaseInput,
  type PhaseUpdate,
  type TermConfirmInput,
} from '../../domain/reference-term.ts';

/**
 * The reference term's data object (issue 30), over src/contract/reference-term.ts. Online only:
 * a term is planned at the office, and the import's checks are the server's. Screens and
 * components import this file only.
 */

export type { CommandFailure } from '../../lib/command-result.ts';

const TERMS = ['termo-referencia'] as const;
const refresh = () => [TERMS];

/** GET termo-referencia: every municipality's term the user sees. */
const useList = query.online(() => ({
  key: [...TERMS, 'list'],
  fetch: (signal: AbortSignal) => call(endpoints.list, { signal }),
  schema: z.array(termListRowSchema),
}));

/** GET termo-referencia/municipio/{id}: the phases and activities in order. */
const useTerm = query.online((municipioId: number) => ({
  key: [...TERMS, 'municipio', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id: municipioId }, signal }),
  schema: referenceTermSchema,
}));

export type TermUpload = { municipioId: number; file: File; signal?: AbortSignal };

/**
 * Sends the sheet (multipart `file`, spec §7) through the client itself, since `call` sends JSON;
 * the answer is the preview, nothing is written. No byte count: Chromium streams a request body
 * (what upload progress needs) only over HTTP/2, and the sheet is small; the screen shows the work.
 */
const preview = command.online({
  send: ({ municipioId, file, signal }: TermUpload) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post(urlOf(endpoints.upload, { query: { municipioId } }), { body: form, timeout: 120_000, signal }).json();
  },
  schema: termPreviewSchema,
  failure: { message: 'Erro ao enviar o arquivo excel' },
});

/** Writes the checked (and corrected) lines: the whole term, or nothing. */
const confirm = command.online({
  send: (body: TermConfirmInput) => call(endpoints.confirm, { body, timeout: 120_000 }),
  schema: referenceTermSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível gravar o termo de referência: nada foi gravado. Tente novamente.' },
});

const downloadTemplate = command.online({
  send: () => downloadFile(pathOf(endpoints.template), REFERENCE_TERM_TEMPLATE_FILENAME, () => {}, { method: 'get' }),
  failure: { message: 'Não foi possível baixar o modelo. Tente novamente.' },
});

const SAVE_FAILED = { message: 'Não foi possível salvar. Verifique sua conexão e tente novamente.' };

const createPhase = command.online({
  send: (body: PhaseInput) => call(endpoints.createPhase, { body }),
  schema: phaseSchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});
const updatePhase = command.online({
  send: (body: PhaseUpdate) => call(endpoints.updatePhase, { body }),
  schema: phaseSchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});
const removePhase = command.online({
  send: (id: number) => call(endpoints.removePhase, { params: { id } }),
  invalidates: refresh,
  failure: { message: 'Não foi possível excluir a fase.' },
});
const interruptPhase = command.online({
  send: ({ id, ...body }: InterruptionInput & { id: number }) => call(endpoints.interruptPhase, { params: { id }, body }),
  schema: phaseSchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});
const createActivity = command.online({
  send: (body: ActivityInput) => call(endpoints.createActivity, { body }),
  schema: activitySchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});
const updateActivity = command.online({
  send: (body: ActivityUpdate) => call(endpoints.updateActivity, { body }),
  schema: activitySchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});
const removeActivity = command.online({
  send: (id: number) => call(endpoints.removeActivity, { params: { id } }),
  invalidates: refresh,
  failure: { message: 'Não foi possível excluir a atividade.' },
});
const interruptActivity = command.online({
  send: ({ id, ...body }: InterruptionInput & { id: number }) => call(endpoints.interruptActivity, { params: { id }, body }),
  schema: activitySchema,
  invalidates: refresh,
  failure: SAVE_FAILED,
});

export const referenceTerms = {
  useList,
  useTerm,
  upload: { preview, confirm, downloadTemplate },
  phase: { create: createPhase, update: updatePhase, remove: removePhase, interrupt: interruptPhase },
  activity: { create: createActivity, update: updateActivity, remove: removeActivity, interrupt: interruptActivity },
};
