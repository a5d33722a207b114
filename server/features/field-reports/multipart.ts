import { REPORT_MESSAGES } from '../../../src/domain/report-common.ts';
import { badRequest } from '../../lib/errors.ts';

/** Fields of the spec's form (§7) that are JSON-encoded lists, and the body field each becomes (src/contract/field-reports.ts documents the form). */
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
