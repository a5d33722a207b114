import type { z } from 'zod';
import { call } from '../../api/call.ts';
import { questions } from '../../contract/questions.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { compareText } from '../../domain/text.ts';
import type { offlineQuestionSchema } from '../../domain/offline-bundle.ts';
import type { PerguntaRow } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { query, type LocalRead } from '../../data/query.ts';

/**
 * A municipality's questions (spec §3 "Follow-up" perguntas, "Question"), on the axes the user
 * sees: the follow-up, evidence and Sala domains list the same rows. The offline bundle stores them
 * and GET api/pergunta/perguntamunicipio/get-perguntas/{municipioId} refreshes them, so a member
 * answering follow-ups on a tablet has them without network.
 */

type QuestionList = z.infer<typeof offlineQuestionSchema>[];

/** The municipality's questions by theme then number, from the device first. */
export const useMunicipalityQuestions = query.local((municipioId: number): LocalRead<PerguntaRow[], QuestionList> => {
  const scope = `perguntas:municipio:${municipioId}`;
  return {
    scope,
    deps: [municipioId],
    read: async (db) => sortQuestions(await db.perguntas.where('municipioId').equals(municipioId).toArray()),
    fetch: (signal) => call(questions.ofMunicipality, { params: { id: String(municipioId) }, signal }),
    write: (db, questions) => pullInto(db, 'perguntas', questions, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (questions) => questions.map((q) => ({ ...q, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: ERROR_MESSAGES.getQuestions,
  };
});

/** The server's order (theme name, then number), which the device's primary-key order loses. */
function sortQuestions(rows: PerguntaRow[]): PerguntaRow[] {
  return rows.sort((a, b) => compareText(a.nome, b.nome) || a.numero - b.numero);
}
