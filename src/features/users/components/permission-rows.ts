import { z } from 'zod';
import { USER_ROLES, type UserDetail, type UserPermissionInput, type UserRole } from '../../../domain/users.ts';

/**
 * One per-municipality permission as the form edits it: município and papel may still be empty.
 * `eixoId` null is a choice, not a gap: the role then covers every axis of the municipality.
 */
export type PermissionRow = {
  key: string;
  municipioId: number | null;
  permissao: UserRole | null;
  eixoId: number | null;
};

export const PERMISSION_MESSAGES = {
  municipio: 'Selecione o município',
  permissao: 'Selecione o papel',
  repetida: 'Este papel já foi dado neste município e eixo',
} as const;

let lastKey = 0;
/** React keys for rows that have no id yet; only unique within the page. */
export function newRowKey(): string {
  lastKey += 1;
  return `permissao-${lastKey}`;
}

export function emptyRow(): PermissionRow {
  return { key: newRowKey(), municipioId: null, permissao: null, eixoId: null };
}

export function rowsFromUser(user: UserDetail): PermissionRow[] {
  return user.permissoes.map((p) => ({
    key: `permissao-salva-${p.id}`,
    municipioId: p.municipioId,
    permissao: p.permissao,
    eixoId: p.eixoId,
  }));
}

function required<T>(message: string) {
  return (value: T | null, ctx: z.RefinementCtx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  };
}

const rowSchema = z.object({
  key: z.string(),
  municipioId: z.number().int().positive().nullable().transform(required<number>(PERMISSION_MESSAGES.municipio)),
  permissao: z.enum(USER_ROLES).nullable().transform(required<UserRole>(PERMISSION_MESSAGES.permissao)),
  eixoId: z.number().int().positive().nullable(),
});

/** Every row complete, and no role given twice in the same municipality and axis (the server would store both). */
export const permissionRowsSchema = z.array(rowSchema).superRefine((rows, ctx) => {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    // Incomplete rows already have their own message (and may reach here when issues do not abort).
    if (typeof row.municipioId !== 'number' || typeof row.permissao !== 'string') return;
    const id = `${row.municipioId}|${row.permissao}|${row.eixoId ?? ''}`;
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index, 'permissao'], message: PERMISSION_MESSAGES.repetida });
    seen.add(id);
  });
});

export type RowErrors = Partial<Record<'municipioId' | 'permissao', string>>;

/** The message of each row's fields, by row index, for showing under them. */
export function rowErrors(rows: readonly PermissionRow[]): RowErrors[] {
  const result = permissionRowsSchema.safeParse(rows);
  const errors: RowErrors[] = rows.map(() => ({}));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index !== 'number' || (field !== 'municipioId' && field !== 'permissao')) continue;
    errors[index][field] ??= issue.message;
  }
  return errors;
}

export function toPermissionInput(rows: ReadonlyArray<z.output<typeof rowSchema>>): UserPermissionInput[] {
  return rows.map(({ municipioId, permissao, eixoId }) => ({ municipioId, permissao, eixoId }));
}
