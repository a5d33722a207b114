import { describe, expect, it } from 'vitest';
import { formatIdList, groupFormSchema, parseIdList } from './group-form-schema.ts';

describe('parseIdList', () => {
  it('splits on commas, semicolons and blanks, keeping each id once in typed order', () => {
    expect(parseIdList(' 3, 1;2  3 ')).toEqual([3, 1, 2]);
    expect(parseIdList('')).toEqual([]);
  });

  it('round-trips with formatIdList', () => {
    expect(parseIdList(formatIdList([4, 8]))).toEqual([4, 8]);
  });
});

describe('groupFormSchema', () => {
  it('requires a name and trims it', () => {
    const blank = groupFormSchema.safeParse({ nome: '  ', visualizaEixosIds: '' });
    expect(blank.success).toBe(false);
    expect(groupFormSchema.parse({ nome: ' Sala ', visualizaEixosIds: '' })).toEqual({ nome: 'Sala', visualizaEixosIds: [] });
  });

  it('refuses letters and more than five axes', () => {
    const letters = groupFormSchema.safeParse({ nome: 'G', visualizaEixosIds: '1, a' });
    expect(letters.success).toBe(false);
    expect(letters.error?.issues[0].message).toBe('Use apenas números separados por vírgula');
    const many = groupFormSchema.safeParse({ nome: 'G', visualizaEixosIds: '1,2,3,4,5,6' });
    expect(many.error?.issues[0].message).toBe('Informe no máximo 5 eixos');
    expect(groupFormSchema.safeParse({ nome: 'G', visualizaEixosIds: '0' }).success).toBe(false);
  });
});
