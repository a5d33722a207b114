import { endsSessionAnswer } from '../lib/session-end.ts';
import { UPLOAD_MESSAGES } from '../domain/uploads.ts';
import type { TransportResponse } from './transport-types.ts';

/**
 * What to do after a failed call:
 * - network, timeout: retry later and end the pass (the next call would fail the same way);
 * - busy (429, 408, the key's first request still running): retry later and end the pass;
 * - server (5xx): retry this entry later, other entities may go on;
 * - auth (401): pause the whole queue until the user signs in again, nothing dropped;
 * - park (other 4xx): "requer atenção" with the server's message, until the user edits or discards.
 */
export type FailureClass = 'network' | 'timeout' | 'busy' | 'server' | 'auth' | 'park';

export type Failure = {
  class: FailureClass;
  status: number | null;
  message: string;
  /** From Retry-After, when the server sent one. */
  retryAfterMs: number | null;
};

export const SYNC_MESSAGES = {
  semConexao: 'Sem conexão com o servidor. O envio será tentado novamente.',
  tempoEsgotado: 'O servidor demorou para responder. O envio será tentado novamente.',
  servidorOcupado: 'O servidor está ocupado. O envio será tentado novamente.',
  erroServidor: (status: number) => `Erro no servidor (HTTP ${status}). O envio será tentado novamente.`,
  sessaoExpirada: 'Sessão expirada. Entre novamente para continuar o envio.',
  recusado: (status: number) => `O servidor recusou este item (HTTP ${status}).`,
  erroInesperado: (detail: string) => `Erro inesperado ao enviar: ${detail}`,
  respostaInvalida: 'O servidor deu uma resposta inesperada. O envio será tentado novamente.',
  arquivosNaoConfirmados:
    'O servidor registrou o item, mas não confirmou o recebimento de todos os arquivos. Os arquivos continuam guardados neste aparelho.',
  semIdentificador: 'O servidor registrou o item, mas não informou o identificador criado.',
  dependeDeRegistroLocal: 'Este item depende de um registro que ainda não foi enviado ao servidor.',
  arquivoLocalAusente: 'Um arquivo deste item não está mais guardado neste aparelho.',
} as const;

export class SyncFailure extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.message);
    this.name = 'SyncFailure';
    this.failure = failure;
  }
}

export function serverMessage(body: unknown): string | null {
  if (body !== null && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

function retryAfterMs(response: TransportResponse): number | null {
  const value = response.headers.get('Retry-After');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Classifies a non-2xx answer. */
export function failureFromResponse(response: TransportResponse): Failure {
  const { status } = response;
  const message = serverMessage(response.body);
  const retryAfter = retryAfterMs(response);
  // Every replayed request carries the session's token.
  if (endsSessionAnswer(status, true)) return { class: 'auth', status, message: SYNC_MESSAGES.sessaoExpirada, retryAfterMs: null };
  if (status === 429 || status === 408) return { class: 'busy', status, message: SYNC_MESSAGES.servidorOcupado, retryAfterMs: retryAfter };
  // The same key's first request is still being processed: its answer will be replayed, never re-applied.
  if (status === 409 && (message === UPLOAD_MESSAGES.emAndamento || retryAfter !== null)) {
    return { class: 'busy', status, message: message ?? SYNC_MESSAGES.servidorOcupado, retryAfterMs: retryAfter };
  }
  if (status >= 500) return { class: 'server', status, message: SYNC_MESSAGES.erroServidor(status), retryAfterMs: retryAfter };
  return { class: 'park', status, message: message ?? SYNC_MESSAGES.recusado(status), retryAfterMs: null };
}

export function toFailure(error: unknown): Failure {
  if (error instanceof SyncFailure) return error.failure;
  const detail = error instanceof Error ? error.message : String(error);
  return { class: 'server', status: null, message: SYNC_MESSAGES.erroInesperado(detail), retryAfterMs: null };
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
