import { z } from 'zod';
import { call, callRaw } from '../../api/call.ts';
import { downloadFile, publicDownload } from '../../api/download.ts';
import { uploadAllNow } from '../../api/upload.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { mysteryShopper as endpoints } from '../../contract/mystery-shopper.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  infoSchema,
  MYSTERY_SHOPPER_MESSAGES as M,
  roundDetailSchema,
  roundRowSchema,
  type RoundInput,
  type RoundUpdate,
} from '../../domain/mystery-shopper.ts';
import { ATTACHMENT_DOWNLOAD_FAILED, type AttachmentDownload } from '../../domain/uploads.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import type { PublicDownloadState } from '../../lib/public-download.ts';

/**
 * Cliente oculto's data object (issue 31 item 3), over src/contract/mystery-shopper.ts. Online only:
 * the office evaluates at its desk, and the spec asks nothing of it offline. Screens import this file only.
 */

export type { CommandResult } from '../../data/command.ts';
export { httpStatusOf };

const KEY = ['cliente-oculto'] as const;
const refresh = () => [KEY];

const useInfo = query.online((municipioId: number) => ({
  key: [...KEY, 'info', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.info, { params: { id: municipioId }, signal }),
  schema: infoSchema,
  errorMessage: M.erroObter,
}));

const useRounds = query.online((municipioId: number) => ({
  key: [...KEY, 'rodadas', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.list, { params: { id: municipioId }, signal }),
  schema: z.array(roundRowSchema),
  errorMessage: M.erroObter,
}));

const useRound = query.online((rodadaId: number | null) =>
  rodadaId === null
    ? null
    : {
        key: [...KEY, 'rodada', rodadaId],
        fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id: rodadaId }, signal }),
        schema: roundDetailSchema,
      },
);

const create = command.online({
  send: (body: RoundInput) => call(endpoints.create, { body }),
  schema: roundDetailSchema,
  invalidates: refresh,
  failure: { message: M.erroSalvar },
});

/** The new files go up first on the resumable upload, then the round names them in arquivosUploadIds. */
const save = command.online({
  send: async ({
    body,
    files,
    onProgress,
  }: {
    body: RoundUpdate;
    files: readonly File[];
    onProgress?: (sent: number, total: number) => void;
  }) => {
    const arquivosUploadIds = await uploadAllNow(files, onProgress);
    return call(endpoints.update, { body: { ...body, arquivosUploadIds } });
  },
  schema: roundDetailSchema,
  invalidates: refresh,
  failure: { message: M.erroSalvar },
});

const finalize = command.online({
  send: (rodadaId: number) => call(endpoints.finalize, { params: { id: rodadaId } }),
  schema: roundDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível finalizar a rodada.' },
});

const remove = command.online({
  send: (rodadaId: number) => call(endpoints.remove, { params: { id: rodadaId } }),
  invalidates: refresh,
  failure: { message: 'Não foi possível excluir a rodada.' },
});

const downloadEvidence = command.online({
  send: ({ arquivoId, nome, onProgress }: AttachmentDownload) =>
    downloadFile(pathOf(endpoints.downloadFile, { id: arquivoId }), nome, onProgress, { method: 'get' }),
  failure: { message: ATTACHMENT_DOWNLOAD_FAILED },
});

/** GET api/cliente-oculto/selo/download/{token} (no login): the certificate, handed to the browser. */
const downloadSeal = (token: string): Promise<PublicDownloadState> =>
  publicDownload(() => callRaw(endpoints.certificate, { params: { token }, timeout: 120_000 }), 'Selo Cliente Oculto.pdf', [400, 404]);

export const mysteryShopperData = { useInfo, useRounds, useRound, create, save, finalize, remove, downloadEvidence, downloadSeal };
