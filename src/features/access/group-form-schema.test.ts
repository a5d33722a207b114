import { describe, expect, it } from 'vitest';
import { groupFormSchema } from './group-form-schema.ts';

describe('groupFormSchema', () => {
  it('requires a name and trims it', () => {
    const blank = groupFormSchema.safeParse({ nome: '  ', visualizaEixosIds: [] });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0].path).toEqual(['nome']);
    expect(groupFormSchema.parse({ nome: ' Sala ', visualizaEixosIds: [] })).toEqual({ nome: 'Sala', visualizaEixosIds: [] });
  });

  it('keeps up to five axes, in the order chosen', () => {
    expect(groupFormSchema.parse({ nome: 'G', visualizaEixosIds: [4, 1, 3, 2, 5] }).visualizaEixosIds).toEqual([4, 1, 3, 2, 5]);
  });

  it('refuses a sixth axis and ids that are not ids, on the axes field', () => {
    const many = groupFormSchema.safeParse({ nome: 'G', visualizaEixosIds: [1, 2, 3, 4, 5, 6] });
    expect(many.error?.issues[0]).toMatchObject({ path: ['visualizaEixosIds'], message: 'Escolha no máximo 5 eixos' });
    const zero = groupFormSchema.safeParse({ nome: 'G', visualizaEixosIds: [0] });
    expect(zero.error?.issues[0]).toMatchObject({ path: ['visualizaEixosIds', 0], message: 'Identificador inválido' });
  });
});
