/**
 * The generic edit form of a parked queue item: the top-level text, number and yes/no fields of its
 * payload, which is what a user can correct after the server refused it (a phone already in use,
 * a name too long). Ids are left out: they point at other records, and a negative one is a record
 * created on this device whose server id the queue fills in. Everything else is kept as it was.
 */

export type PayloadFieldKind = 'text' | 'number' | 'boolean';

export type PayloadField = {
  key: string;
  label: string;
  kind: PayloadFieldKind;
  /** The stored value was null: an emptied field goes back to null rather than "". */
  nullable: boolean;
};

export type PayloadValues = Record<string, string | boolean>;

const ID_KEY = /^id$|Id$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** "telefone" → "Telefone", "nomeCompleto" → "Nome completo", "data_inicio" → "Data inicio". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-zà-ú0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function editableFields(payload: unknown): PayloadField[] {
  if (!isRecord(payload)) return [];
  const fields: PayloadField[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (ID_KEY.test(key)) continue;
    const label = fieldLabel(key);
    if (typeof value === 'string' || value === null) fields.push({ key, label, kind: 'text', nullable: value === null });
    else if (typeof value === 'number' && Number.isFinite(value)) fields.push({ key, label, kind: 'number', nullable: false });
    else if (typeof value === 'boolean') fields.push({ key, label, kind: 'boolean', nullable: false });
  }
  return fields;
}

export function initialValues(payload: unknown, fields: readonly PayloadField[]): PayloadValues {
  const source = isRecord(payload) ? payload : {};
  const values: PayloadValues = {};
  for (const field of fields) {
    const value = source[field.key];
    if (field.kind === 'boolean') values[field.key] = value === true;
    else if (field.kind === 'number') values[field.key] = typeof value === 'number' ? String(value).replace('.', ',') : '';
    else values[field.key] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** "1.234,5", "1234.5" and "12" as numbers; null when unreadable. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

export const NUMBER_REQUIRED = 'Informe um número.';

/** The payload with the form's values applied, or the fields whose text is not a number. */
export function buildPayload(
  payload: unknown,
  fields: readonly PayloadField[],
  values: PayloadValues,
): { payload: Record<string, unknown>; errors: Record<string, string> } {
  const next: Record<string, unknown> = { ...(isRecord(payload) ? payload : {}) };
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'boolean') next[field.key] = value === true;
    else if (field.kind === 'number') {
      const parsed = parseNumber(String(value ?? ''));
      if (parsed === null) errors[field.key] = NUMBER_REQUIRED;
      else next[field.key] = parsed;
    } else {
      const text = String(value ?? '');
      next[field.key] = field.nullable && text.trim() === '' ? null : text;
    }
  }
  return { payload: next, errors };
}

/** Validation issues (zod paths) by the top-level field they concern; others go under "". */
export function errorsByField(issues: ReadonlyArray<{ path: string; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // A command's issue names its field by a dotted path ("participantes.0.nome"): the form's field is its first part.
    const key = issue.path.split('.')[0] ?? '';
    errors[key] ??= issue.message;
  }
  return errors;
}
