import { z } from 'zod';
import type { SniffedType } from './file-types.ts';

/**
 * Resumable uploads and idempotent writes: the contract between the outbox (src/offline) and the
 * server (server/plugins/idempotency.ts, server/features/uploads). One definition of every size,
 * type rule, message and payload shape, so both sides agree byte for byte.
 */

/** Spec §9: evidence upload total (and the cap for any single file we accept). */
export const MAX_UPLOAD_BYTES = 26_214_400;
/** Size of the pieces the client sends; the server accepts any chunk up to MAX_CHUNK_BYTES. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;

/** Header carrying the client's key on every mutating request sent by the outbox. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a response replayed from the stored first answer. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
/** Keys (and the answers they replay) are kept this long. */
export const IDEMPOTENCY_TTL_DAYS = 30;

export const UPLOAD_MESSAGES = {
  chaveInvalida: 'Cabeçalho Idempotency-Key inválido: use de 8 a 200 letras, números, - ou _.',
  chaveReutilizada: 'Esta chave de idempotência já foi usada com outro conteúdo.',
  emAndamento: 'Esta requisição ainda está sendo processada. Tente novamente em instantes.',
  arquivoGrande: 'Arquivo não pode ser maior que 25MB!',
  totalGrande: 'Total de arquivos não pode ser maior que 25MB!',
  tamanhoExcedido: 'O arquivo enviado é maior que o tamanho declarado.',
  tamanhoDiferente: 'O arquivo recebido não tem o tamanho declarado.',
  hashDiferente: 'O conteúdo recebido não confere com o arquivo original (SHA-256 diferente). Envie novamente.',
  tipoNaoPermitido: (allowed: string) => `Tipo de arquivo não permitido. Envie ${allowed}.`,
  deslocamentoInvalido: 'Parte do arquivo fora de ordem.',
  uploadNaoEncontrado: 'Envio de arquivo não encontrado.',
  uploadIncompleto: 'O envio do arquivo ainda não foi concluído.',
  uploadJaUsado: 'Este arquivo já foi anexado a outro registro.',
  semEspaco: 'Não há espaço suficiente neste aparelho para guardar este arquivo offline.',
} as const;

// What a file is, by its first bytes: file-types.ts, which the contract's shared pieces import alone.
export { SNIFFED_MIME, type SniffedType } from './file-types.ts';

/** What each kind of upload accepts. Spec §5: evidence and resend take PDF and Excel only. */
export const UPLOAD_PURPOSES = {
  evidencia: { types: ['pdf', 'xlsx', 'xls'], label: 'PDF ou Excel' },
  anexo: { types: ['pdf', 'xlsx', 'xls', 'docx', 'doc', 'jpeg', 'png'], label: 'PDF, Excel, Word, JPG ou PNG' },
  foto: { types: ['jpeg', 'png'], label: 'JPG ou PNG' },
} as const satisfies Record<string, { types: readonly SniffedType[]; label: string }>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const uploadPurposeSchema = z.enum(Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]]);

/** How many leading bytes `sniffFileType` needs to tell OOXML spreadsheets from documents. */
export const SNIFF_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((b, i) => bytes[i] === b);
}

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The type of a file from its leading bytes (pass at least SNIFF_BYTES when available). OOXML files
 * are ZIP archives: the entry names in the first local headers say whether it is a workbook (xl/)
 * or a document (word/). Legacy Office files share the OLE2 signature; Excel ones name a
 * "Workbook" (or "Book") stream, Word ones "WordDocument".
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (containsAscii(bytes, 'xl/')) return 'xlsx';
    if (containsAscii(bytes, 'word/')) return 'docx';
    return null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // OLE2 directory entries are UTF-16LE names.
    const utf16 = (s: string) => Array.from(s).join('\u0000');
    if (containsAscii(bytes, utf16('Workbook')) || containsAscii(bytes, utf16('Book'))) return 'xls';
    if (containsAscii(bytes, utf16('WordDocument'))) return 'doc';
    return null;
  }
  return null;
}

export function isAllowedFor(purpose: UploadPurpose, type: SniffedType | null): type is SniffedType {
  return type !== null && (UPLOAD_PURPOSES[purpose].types as readonly SniffedType[]).includes(type);
}

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 deve ter 64 caracteres hexadecimais minúsculos.');

/**
 * POST api/upload: opens (or, with the same `chave`, finds again) a resumable upload. The same
 * chave with another size or hash is a 409. `chave` is the client's idempotency key for this file.
 */
export const uploadStartSchema = z.object({
  chave: z.string().regex(IDEMPOTENCY_KEY_PATTERN, UPLOAD_MESSAGES.chaveInvalida),
  nome: z.string().trim().min(1, 'Informe o nome do arquivo.').max(255, 'Nome de arquivo muito longo.'),
  tamanho: z.number().int().min(1, 'O arquivo está vazio.').max(MAX_UPLOAD_BYTES, UPLOAD_MESSAGES.arquivoGrande),
  sha256: sha256Schema,
  finalidade: uploadPurposeSchema,
});
export type UploadStart = z.infer<typeof uploadStartSchema>;

/**
 * Answer of POST api/upload, GET api/upload/{uploadId}, PUT api/upload/{uploadId}?offset=N (one
 * chunk, application/octet-stream) and POST api/upload/{uploadId}/concluir. `recebido` is the number
 * of bytes the server holds on disk: the client resumes from there.
 */
export const uploadStatusSchema = z.object({
  uploadId: z.string(),
  nome: z.string(),
  tamanho: z.number().int(),
  sha256: sha256Schema,
  finalidade: uploadPurposeSchema,
  recebido: z.number().int(),
  concluido: z.boolean(),
  /** Detected from the bytes once the first chunk arrived; null before. */
  tipo: z.string().nullable(),
  chunkBytes: z.number().int(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/**
 * What a record endpoint that took uploads answers about them (e.g. the report's arquivos): the
 * client deletes its local Blob only when every file it sent is in this list with the same hash.
 */
export const receivedFileSchema = z.object({
  arquivoId: z.number().int(),
  uploadId: z.string(),
  nome: z.string(),
  tamanho: z.number().int(),
  sha256: sha256Schema,
});
export type ReceivedFile = z.infer<typeof receivedFileSchema>;

export type SniffVerdict = { ok: true; tipo: SniffedType | null } | { ok: false };

/**
 * Whether the leading bytes of a file of `tamanho` bytes may be uploaded for `purpose`. With fewer
 * bytes than sniffing needs (a first chunk smaller than SNIFF_BYTES of a larger file) an
 * unrecognised header is not refused yet (`tipo: null`): the whole header is checked again once
 * every byte has arrived.
 */
export function sniffVerdict(purpose: UploadPurpose, head: Uint8Array, tamanho: number): SniffVerdict {
  const tipo = sniffFileType(head);
  if (isAllowedFor(purpose, tipo)) return { ok: true, tipo };
  const enough = head.length >= Math.min(SNIFF_BYTES, tamanho);
  return tipo === null && !enough ? { ok: true, tipo: null } : { ok: false };
}

/** Hex SHA-256 of a file's bytes: the client's claim the server checks on concluir. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type AttachmentCheck = { ok: true } | { ok: false; message: string };

/** Spec §5/§9: each file and all of a record's files together at most 25 MB. */
export function checkAttachments(current: ReadonlyArray<{ size: number }>, added: ReadonlyArray<{ size: number }>): AttachmentCheck {
  if (added.some((f) => f.size > MAX_UPLOAD_BYTES)) return { ok: false, message: UPLOAD_MESSAGES.arquivoGrande };
  const total = [...current, ...added].reduce((sum, f) => sum + f.size, 0);
  if (total > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_MESSAGES.totalGrande };
  return { ok: true };
}

/** Bytes of a file received so far, and its size (0 when the server did not say). */
export type DownloadProgress = { received: number; total: number };

/** One stored attachment to download (src/ui/stored-file-list.tsx), with its progress reported as it arrives. */
export type AttachmentDownload = { arquivoId: number; nome: string; onProgress: (progress: DownloadProgress) => void };

/** Said when an attachment could not be downloaded and the server gave no reason. */
export const ATTACHMENT_DOWNLOAD_FAILED = 'Não foi possível baixar o anexo.';
