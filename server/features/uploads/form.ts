import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { EndpointSpec } from '../../../src/contract/endpoint.ts';
import {
  isAllowedFor,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SizeLimitError, type Storage } from '../../lib/storage.ts';
import { multipartFingerprint } from '../../lib/idempotency.ts';
import { assertCleanText, MAX_FORM_BYTES } from '../../lib/clean-text.ts';
import { discardUnclaimed, finishWrite, incomingKey, markConcluded, startUpload } from './repository.ts';

/** What a route hands readUploadForm besides the purpose: its app's storage, and the caller's tenant and user. */
export type UploadFormDeps = { db: Db; storage: Storage; instanceId: string; tenantId: string; usuarioId: number; created: string[] };

/** The deps of a multipart form read by a route of `app` for the signed-in caller of `request`; `created` collects the upload ids. */
export function uploadFormDeps(
  app: { db: Db; storage: Storage; config: { instanceId: string } },
  request: FastifyRequest,
  created: string[],
): UploadFormDeps {
  return {
    db: app.db,
    storage: app.storage,
    instanceId: app.config.instanceId,
    tenantId: request.tenant.id,
    usuarioId: request.session.usuario.usuarioId,
    created,
  };
}

/**
 * Reads a multipart form: each file part is streamed to storage (never buffered) and becomes a
 * concluded upload of the caller for `finalidade` (its type checked by content), exactly as if the
 * client had sent it through api/upload; the handler then claims it like any other. `created`
 * collects the upload ids so the caller can delete the ones no record claimed (a refused or
 * replayed request). Sizes are capped while streaming: MAX_UPLOAD_BYTES per file and in total.
 */
export async function readUploadForm(
  request: FastifyRequest,
  deps: {
    db: Db;
    storage: Storage;
    instanceId: string;
    tenantId: string;
    usuarioId: number;
    created: string[];
    finalidade: UploadPurpose;
  },
): Promise<{ fields: Record<string, string>; uploadIds: string[] }> {
  const fields: Record<string, string> = {};
  const uploadIds: string[] = [];
  const files: { field: string; name: string; sha256: string }[] = [];
  let total = 0;
  // The parser reads the whole body before it reports a limit (a file past fileSize, a field past
  // fieldSize is skipped to its end, not refused): a chunked body with no length would be read to
  // its end, however large. So the raw bytes are counted here, and past MAX_FORM_BYTES the form is
  // cut off at once (413; the hook closes the connection); a file past its own limit likewise, with
  // the spec's message.
  let cutOff!: (error: Error) => void;
  const cut = new Promise<never>((_resolve, reject) => (cutOff = reject));
  cut.catch(() => {});
  let current: Readable | null = null;
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= MAX_FORM_BYTES) return;
    request.raw.off('data', count);
    const error = new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    current?.destroy(error);
    cutOff(error);
  };
  // Beside the parser's own pipe, attached in the same tick, so both see every byte.
  const iterable = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 40, fieldSize: 1024 * 1024 } });
  const parts = iterable[Symbol.asyncIterator]();
  request.raw.on('data', count);
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), cut]);
      if (next.done) break;
      const part = next.value;
      assertCleanText(part.fieldname, 'body');
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        assertCleanText(value, part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      // Before a byte is stored: the name becomes the upload's nome.
      assertCleanText(part.filename, part.fieldname);
      const incoming = incomingKey(deps.instanceId);
      const file = part.file;
      current = file;
      file.once('limit', () => file.destroy(badRequest(UPLOAD_MESSAGES.arquivoGrande)));
      try {
        let tamanho: number;
        try {
          tamanho = await deps.storage.append(incoming, file, { maxBytes: MAX_UPLOAD_BYTES });
        } catch (error) {
          if (error instanceof SizeLimitError) throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
          throw error;
        } finally {
          current = null;
        }
        if (part.file.truncated) throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
        if (tamanho === 0) throw badRequest('O arquivo está vazio.');
        total += tamanho;
        if (total > MAX_UPLOAD_BYTES) throw badRequest(UPLOAD_MESSAGES.totalGrande);
        const tipo = sniffFileType(await deps.storage.read(incoming, 0, SNIFF_BYTES));
        if (!isAllowedFor(deps.finalidade, tipo))
          throw badRequest(UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES[deps.finalidade].label));
        const nome = (part.filename || 'arquivo').slice(0, 255);
        const sha256 = await deps.storage.sha256(incoming);
        files.push({ field: part.fieldname, name: nome, sha256 });
        const started = await startUpload(deps.db, deps.tenantId, deps.usuarioId, {
          chave: `form-${randomUUID()}`,
          nome,
          tamanho,
          sha256,
          finalidade: deps.finalidade,
        });
        // The chave is new (a random UUID), so it cannot name another file.
        if (!started) throw new Error('a fresh upload chave named another file');
        const { row } = started;
        deps.created.push(row.uploadId);
        await deps.storage.move(incoming, row.storageKey);
        await finishWrite(deps.db, row.arquivoId, tamanho, tipo);
        await markConcluded(deps.db, row.arquivoId, tipo);
        uploadIds.push(row.uploadId);
      } finally {
        await deps.storage.remove(incoming);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('Formulário inválido.');
    // A failing disk (a system call) is ours; anything else here is the form: no boundary, cut short, malformed parts.
    if ((error as { syscall?: unknown }).syscall) throw error;
    request.log.info({ err: error }, 'malformed multipart form');
    throw badRequest('Formulário inválido.');
  } finally {
    request.raw.off('data', count);
    // As for-await would on a break or throw; after a cut the parser is stopped by the closing connection.
    void parts.return?.(undefined).catch(() => {});
  }
  // The Idempotency-Key of a form is claimed after this, on what the form says (its boundary differs per send).
  request.bodyFingerprint = multipartFingerprint(fields, files);
  return { fields, uploadIds };
}

/** A route that also takes the spec's multipart form: its files' purpose, and how the form becomes the route's JSON body. */
export type UploadForm = {
  endpoint: EndpointSpec;
  finalidade: UploadPurpose;
  toBody: (fields: Record<string, string>, uploadIds: string[]) => Record<string, unknown>;
};

/**
 * Lets the routes named in `forms` (of the plugin `app`) take the spec's multipart form as well as
 * JSON, so one schema and one handler serve both. Before validation the form is read (each file
 * becomes a concluded upload of the caller, see readUploadForm) into the JSON body; the route's
 * access has already refused a caller without the right, before a byte was stored. The
 * Idempotency-Key of a form is claimed after this (the form is its fingerprint). After the answer,
 * the uploads no record claimed (a refused or replayed request) are removed. A multipart request to
 * any other route of the plugin is 400.
 */
export async function acceptUploadForms(app: FastifyInstance, forms: UploadForm[]): Promise<void> {
  await app.register(multipart);
  const formUploads = new WeakMap<FastifyRequest, string[]>();
  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    const form = forms.find((f) => f.endpoint === request.routeOptions.config?.endpoint);
    if (!form) throw badRequest('Tipo de conteúdo não suportado.');
    const created: string[] = [];
    formUploads.set(request, created);
    try {
      const { fields, uploadIds } = await readUploadForm(request, {
        ...uploadFormDeps(app, request, created),
        finalidade: form.finalidade,
      });
      request.body = form.toBody(fields, uploadIds);
    } catch (error) {
      // A form refused mid-stream (too large, malformed) is not read to its end: the connection closes after the answer.
      reply.header('connection', 'close');
      throw error;
    }
  });
  app.addHook('onResponse', async (request) => {
    const created = formUploads.get(request);
    if (created) await discardUnclaimed(app.db, app.storage, request.tenant.id, created);
  });
}
