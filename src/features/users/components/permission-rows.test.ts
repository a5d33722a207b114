import { describe, expect, it } from 'vitest';
import type { UserDetail } from '../../../domain/users.ts';
import {
  emptyRow,
  PERMISSION_MESSAGES,
  permissionRowsSchema,
  rowErrors,
  rowsFromUser,
  toPermissionInput,
  type PermissionRow,
} from './permission-rows.ts';

const row = (municipioId: number | null, permissao: PermissionRow['permissao'], eixoId: number | null = null): PermissionRow => ({
  ...emptyRow(),
  municipioId,
  permissao,
  eixoId,
});

describe('rowErrors', () => {
  it('asks for the municipality and the role, not for the axis (none = every axis)', () => {
    expect(rowErrors([row(null, null)])).toEqual([
      { municipioId: PERMISSION_MESSAGES.municipio, permissao: PERMISSION_MESSAGES.permissao },
    ]);
    expect(rowErrors([row(1, 'Analista', null)])).toEqual([{}]);
  });

  it('refuses the same role twice in the same municipality and axis, on the repeated row', () => {
    expect(rowErrors([row(1, 'Consultor Especialista', 7), row(1, 'Consultor Especialista', 7)])).toEqual([
      {},
      { permissao: PERMISSION_MESSAGES.repetida },
    ]);
    // "Todos os eixos" twice is a repetition too.
    expect(rowErrors([row(1, 'Analista'), row(1, 'Analista')])[1]).toEqual({ permissao: PERMISSION_MESSAGES.repetida });
  });

  it('accepts the same role in one municipality on different axes, or on one axis and on all of them', () => {
    expect(rowErrors([row(1, 'Consultor Especialista', 7), row(1, 'Consultor Especialista', 8), row(1, 'Consultor Especialista')])).toEqual(
      [{}, {}, {}],
    );
    expect(rowErrors([row(1, 'Analista', 7), row(2, 'Analista', 7), row(1, 'AD', 7)])).toEqual([{}, {}, {}]);
  });
});

describe('rows and the API', () => {
  it('keeps each stored axis and sends it back with the row', () => {
    const user = {
      permissoes: [
        { id: 10, usuarioId: 3, municipioId: 1, municipioNome: 'Florianópolis', eixoId: 7, eixoNome: 'Turismo', permissao: 'Analista' },
        { id: 11, usuarioId: 3, municipioId: 2, municipioNome: 'Joinville', eixoId: null, eixoNome: null, permissao: 'AD' },
      ],
    } as UserDetail;
    const rows = rowsFromUser(user);
    expect(rows.map(({ municipioId, permissao, eixoId }) => ({ municipioId, permissao, eixoId }))).toEqual([
      { municipioId: 1, permissao: 'Analista', eixoId: 7 },
      { municipioId: 2, permissao: 'AD', eixoId: null },
    ]);
    expect(toPermissionInput(permissionRowsSchema.parse(rows))).toEqual([
      { municipioId: 1, permissao: 'Analista', eixoId: 7 },
      { municipioId: 2, permissao: 'AD', eixoId: null },
    ]);
  });
});
