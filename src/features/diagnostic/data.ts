import { z } from 'zod';
import { call, urlOf } from '../../api/call.ts';
import { downloadFile } from '../../api/download.ts';
import { diagnostic } from '../../contract/diagnostic.ts';
import { followups } from '../../contract/followups.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { diagnosticStateSchema, type updateDiagnosticAnswerSchema } from '../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/**
 * The diagnostic's data object (issue 27): its screens read and write through here only, calling
 * the declarations of src/contract/diagnostic.ts. Read online: the diagnostic is sent from here.
 */

/** Spec §8 has no text for the diagnostic; worded like its "Erro ao obter ..." siblings. */
export const GET_DIAGNOSTIC_ERROR = 'Erro ao obter diagnóstico';

export type { CommandResult } from '../../data/command.ts';

/**
 * GET obter-diagnostico-resposta-por-municipio/{id}: situation, themes and the answers to 112-114
 * (113-114 for partner users: the server filters).
 */
const useDiagnostic = query.online((municipioId: number | null, errorMessage: string = GET_DIAGNOSTIC_ERROR) =>
  municipioId === null
    ? null
    : {
        key: ['seloDiagnosticoResposta', municipioId],
        fetch: (signal: AbortSignal) => call(diagnostic.get, { params: { id: String(municipioId) }, signal }),
        schema: diagnosticStateSchema,
        errorMessage,
      },
);

export type DiagnosticAnswerInput = z.infer<typeof updateDiagnosticAnswerSchema>;

/** PUT atualizar-diagnostico-resposta; answers with the whole diagnostic. */
const updateDiagnosticAnswer = command.online({
  send: (input: DiagnosticAnswerInput) => call(diagnostic.answer, { body: input }),
  schema: diagnosticStateSchema,
  failure: { message: 'Não foi possível salvar a resposta.' },
});

/** PUT setar-enviada/{municipioId}: after it nothing more is answered. Answers with the whole diagnostic. */
const sendDiagnostic = command.online({
  send: (municipioId: number) => call(diagnostic.send, { params: { id: String(municipioId) } }),
  schema: diagnosticStateSchema,
  failure: { message: 'Não foi possível enviar o diagnóstico.' },
});

/** GET selo-diagnostico-pdf-by-municipioId/{id}, saved as diagnostico-{id}.pdf. */
const downloadDiagnosticPdf = command.online({
  send: (municipioId: number) =>
    downloadFile(urlOf(diagnostic.pdf, { params: { id: String(municipioId) } }), `diagnostico-${municipioId}.pdf`, () => {}, {
      method: 'get',
    }),
  failure: { message: 'Não foi possível baixar o PDF do diagnóstico.' },
});

/** The answer of GET acompanhamentos/novo/{municipioId}: only the id matters here (0 when nothing could be created). */
const newDiagnosticFollowupSchema = z.object({ acompanhamentoId: z.number().int() });

/**
 * GET api/acompanhamento/acompanhamentos/novo/{municipioId}: the municipality's diagnostic
 * follow-up, created on the first call; later calls answer the same one, so asking again is safe.
 * Asked each time the theme opens (whether it exists, id 0 when nothing could be created): a kept
 * answer is shown as `refreshing` meanwhile, and the screen waits for the fresh one.
 */
const useDiagnosticFollowup = query.online((municipioId: number | null) =>
  municipioId === null
    ? null
    : {
        key: ['acompanhamento', 'diagnostico', municipioId],
        fetch: (signal: AbortSignal) => call(followups.openDiagnostic, { params: { id: municipioId }, signal }),
        schema: newDiagnosticFollowupSchema,
        errorMessage: ERROR_MESSAGES.getNewFollowUp,
      },
);

/** This feature's data object: what its screens read and write. */
export const diagnosticData = {
  useDiagnostic,
  updateDiagnosticAnswer,
  sendDiagnostic,
  downloadDiagnosticPdf,
  useDiagnosticFollowup,
};
