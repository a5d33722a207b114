/**
 * The file types an upload may be, in a module of their own: the contract's shared pieces
 * (src/contract/schemas.ts, imported by every endpoint declaration) need these and not the rest of
 * uploads.ts (issue 32: each screen's file carries what its contract imports).
 */

/** What a file is, by its first bytes (never by its name or the type the browser reports). */
export type SniffedType = 'pdf' | 'xlsx' | 'xls' | 'docx' | 'doc' | 'jpeg' | 'png';

export const SNIFFED_MIME: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
