import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { REPORT_MESSAGES } from '../../../src/domain/report-common.ts';
import {
  isAllowedFor,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
} from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SizeLimitError, type Storage } from '../../lib/storage.ts';
import { multipartFingerprint } from '../../plugins/idempotency.ts';
import { assertCleanText } from '../../plugins/input-guard.ts';
import * as uploads from '../uploads/claims.ts';

/** Fields of the spec's form (§7) that are JSON-encoded lists, and the body field each becomes. */
const LIST_FIELDS = { convidadosRelatorioString: 'convidadosRelatorio', tarefasRelatorioString: 'tarefasRelatorio' } as const;
/** Ids sent as text in a form, numbers in the JSON body. */
const ID_FIELDS = ['municipioId', 'encontroId', 'relatorioId'];

/**
 * The spec's multipart form as the JSON body of POST api/relatorio, so one schema and one handler
 * serve both. Unknown fields are passed through and dropped by the schema.
 */
export function formToBody(fields: Record<string, string>, uploadIds: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name in LIST_FIELDS) {
      const target = LIST_FIELDS[name as keyof typeof LIST_FIELDS];
      if (value.trim() === '') continue;
      try {
        body[target] = JSON.parse(value);
      } catch {
        throw badRequest(REPORT_MESSAGES.formularioInvalido(name));
      }
    } else if (ID_FIELDS.includes(name)) {
      body[name] = /^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim() === '' ? null : value;
    } else {
      body[name] = value;
    }
  }
  body.arquivosUploadIds = uploadIds;
  return body;
}

/**
 * Reads a multipart report form: each file part is streamed to storage (never buffered) and
 * becomes a concluded 'anexo' upload of the caller, exactly as if the client had sent it through
 * api/upload; the handler then claims it like any other. `created` collects the upload ids so the
 * caller can delete the ones no report claimed (a refused or replayed request).
 */
export async function readReportForm(
  request: FastifyRequest,
  deps: { db: Db; storage: Storage; instanceId: string; tenantId: string; usuarioId: number; created: string[] },
): Promise<Record<string, unknown>> {
  const fields: Record<string, string> = {};
  const uploadIds: string[] = [];
  const files: { field: string; name: string; sha256: string }[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 40, fieldSize: 1024 * 1024 } })) {
      assertCleanText(part.fieldname, 'body');
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        assertCleanText(value, part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      // Before a byte is stored: the name becomes the upload's nome.
      assertCleanText(part.filename, part.fieldname);
      const incoming = uploads.incomingKey(deps.instanceId);
      try {
        let tamanho: number;
        try {
          tamanho = await deps.storage.append(incoming, part.file, { maxBytes: MAX_UPLOAD_BYTES });
        } catch (error) {
          if (error instanceof SizeLimitError) throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
          throw error;
        }
        if (part.file.truncated) throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
        if (tamanho === 0) throw badRequest('O arquivo está vazio.');
        total += tamanho;
        if (total > MAX_UPLOAD_BYTES) throw badRequest(UPLOAD_MESSAGES.totalGrande);
        const tipo = sniffFileType(await deps.storage.read(incoming, 0, SNIFF_BYTES));
        if (!isAllowedFor('anexo', tipo)) throw badRequest(UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES.anexo.label));
        const nome = (part.filename || 'arquivo').slice(0, 255);
        const sha256 = await deps.storage.sha256(incoming);
        files.push({ field: part.fieldname, name: nome, sha256 });
        const { row } = await uploads.startUpload(deps.db, deps.tenantId, deps.usuarioId, {
          chave: `form-${randomUUID()}`,
          nome,
          tamanho,
          sha256,
          finalidade: 'anexo',
        });
        deps.created.push(row.uploadId);
        await deps.storage.move(incoming, row.storageKey);
        await uploads.finishWrite(deps.db, row.arquivoId, tamanho, tipo);
        await uploads.markConcluded(deps.db, row.arquivoId, tipo);
        uploadIds.push(row.uploadId);
      } finally {
        await deps.storage.remove(incoming);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MESSAGES.arquivoGrande);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('Formulário inválido.');
    // A failing disk (a system call) is ours; anything else here is the form: no boundary, cut short, malformed parts.
    if ((error as { syscall?: unknown }).syscall) throw error;
    request.log.info({ err: error }, 'malformed multipart form');
    throw badRequest('Formulário inválido.');
  }
  // The Idempotency-Key of a form is claimed after this, on what the form says (its boundary differs per send).
  request.bodyFingerprint = multipartFingerprint(fields, files);
  return formToBody(fields, uploadIds);
}
