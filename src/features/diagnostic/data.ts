import { z } from 'zod';
import { downloadFile, type DownloadProgress } from '../../api/download.ts';
import { api } from '../../api/client.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { diagnosticStateSchema, type DiagnosticState, type updateDiagnosticAnswerSchema } from '../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

/** Spec §8 has no text for the diagnostic; worded like its "Erro ao obter ..." siblings. */
export const GET_DIAGNOSTIC_ERROR = 'Erro ao obter diagnóstico';

const BASE = 'seloDiagnosticoResposta';

/**
 * GET obter-diagnostico-resposta-por-municipio/{id}: situation, themes and the answers to 112-114
 * (113-114 for partner users: the server filters). Read online: the diagnostic is sent from here.
 */
export function useDiagnostic(municipioId: number | null, errorMessage: string = GET_DIAGNOSTIC_ERROR) {
  return useServerData(
    municipioId === null ? null : `${BASE}/obter-diagnostico-resposta-por-municipio/${municipioId}`,
    diagnosticStateSchema,
    errorMessage,
  );
}

export type DiagnosticAnswerInput = z.infer<typeof updateDiagnosticAnswerSchema>;

/** PUT atualizar-diagnostico-resposta; answers with the whole diagnostic. */
export async function updateDiagnosticAnswer(input: DiagnosticAnswerInput): Promise<DiagnosticState> {
  return diagnosticStateSchema.parse(await api.put(`${BASE}/atualizar-diagnostico-resposta`, { json: input }).json());
}

/** PUT setar-enviada/{municipioId}: after it nothing more is answered. Answers with the whole diagnostic. */
export async function sendDiagnostic(municipioId: number): Promise<DiagnosticState> {
  return diagnosticStateSchema.parse(await api.put(`${BASE}/setar-enviada/${municipioId}`).json());
}

/** GET selo-diagnostico-pdf-by-municipioId/{id}, saved under `name`. */
export function downloadDiagnosticPdf(municipioId: number, name: string, onProgress: (p: DownloadProgress) => void = () => {}) {
  return downloadFile(`${BASE}/selo-diagnostico-pdf-by-municipioId/${municipioId}`, name, onProgress, { method: 'get' });
}

/** The answer of GET acompanhamentos/novo/{municipioId}: only the id matters here (0 when nothing could be created). */
const newDiagnosticFollowupSchema = z.object({ acompanhamentoId: z.number().int() });

/**
 * GET api/acompanhamento/acompanhamentos/novo/{municipioId}: the municipality's diagnostic
 * follow-up, created on the first call; later calls answer the same one, so asking again is safe.
 */
export function useDiagnosticFollowup(municipioId: number | null) {
  return useServerData(
    municipioId === null ? null : `acompanhamento/acompanhamentos/novo/${municipioId}`,
    newDiagnosticFollowupSchema,
    ERROR_MESSAGES.getNewFollowUp,
  );
}
