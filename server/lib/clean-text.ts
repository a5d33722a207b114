import { MAX_UPLOAD_BYTES } from '../../src/domain/uploads.ts';
import { badRequest } from './errors.ts';

/**
 * What text no route can store (issue 13), shared by the input guard plugin (server/plugins/input-guard.ts),
 * which checks every path parameter, query, header and JSON body, and the routes and commands that
 * read a body themselves (multipart forms) or clean a field before storing it.
 */

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL refuses
 * NUL in text (error 22021, a 500 before this guard); the others have no place in a form field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Longest text accepted in a path parameter, a query parameter or a header this server reads. */
export const MAX_SHORT_TEXT = 2_000;
/** Deeper than any body of this API: walking a hostile nesting stops here. */
export const MAX_DEPTH = 64;
/** Largest multipart form: the files' total cap plus room for the fields and part headers. */
export const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 2 * 1024 * 1024;

export const INPUT_MESSAGES = {
  caractereDeControle: (campo: string) => `O campo ${campo} contém um caractere de controle não permitido.`,
  textoLongo: (campo: string) => `O campo ${campo} é maior que o permitido.`,
  aninhamento: 'O corpo da requisição tem níveis demais.',
  enderecoLongo: 'O endereço pedido tem um trecho maior que o permitido.',
  enderecoInvalido: 'O endereço pedido é inválido.',
};

/** Throws a 400 naming the first string of `value` with a control character (or, when `maxLength` is given, too long). */
export function assertCleanText(value: unknown, where: string, maxLength?: number, depth = 0): void {
  if (typeof value === 'string') {
    if (CONTROL.test(value)) throw badRequest(INPUT_MESSAGES.caractereDeControle(where));
    if (maxLength !== undefined && value.length > maxLength) throw badRequest(INPUT_MESSAGES.textoLongo(where));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw badRequest(INPUT_MESSAGES.aninhamento);
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertCleanText(item, `${where}.${i}`, maxLength, depth + 1));
    return;
  }
  // A parsed body or query is plain data; a stream (multipart, octet-stream) is read by its route.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return;
  for (const [key, item] of Object.entries(value)) {
    assertCleanText(key, where, maxLength, depth + 1);
    assertCleanText(item, `${where}.${key}`, maxLength, depth + 1);
  }
}
