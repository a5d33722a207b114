import { describe, expect, it } from 'vitest';

import { axisGroupInputSchema } from './register-axes.ts';
import { bracketInputSchema } from './register-brackets.ts';
import {
  decimalNumber,
  idList,
  keepAlpha,
  keepDecimal,
  keepDigits,
  numberFromText,
  requiredChoice,
  textFromNumber,
} from './register-fields.ts';
import { themeInputSchema } from './register-themes.ts';

describe('numeric fields (spec §5: digits, alpha or decimals as the field needs)', () => {
  it('keeps digits only, up to the field length', () => {
    expect(keepDigits('12a3-4', 3)).toBe('123');
    expect(keepDigits('R$ 1.500')).toBe('1500');
  });

  it('keeps one decimal comma with two places; a typed dot becomes the comma', () => {
    expect(keepDecimal('1234,567')).toBe('1234,56');
    expect(keepDecimal('12.5')).toBe('12,5');
    expect(keepDecimal('1,2,3')).toBe('1,23');
    expect(keepDecimal('abc')).toBe('');
  });

  it('keeps letters with accents, spaces, hyphens and apostrophes', () => {
    expect(keepAlpha("São João d'Aliança-2")).toBe("São João d'Aliança-");
  });

  it('reads the typed text as a number (pt-BR) and leaves empty for the required message', () => {
    expect(numberFromText('1.234,5')).toBe(1234.5);
    expect(numberFromText('  ')).toBeUndefined();
    expect(numberFromText('12x')).toBe('12x');
    expect(textFromNumber(1234.5)).toBe('1234,5');
    expect(textFromNumber(undefined)).toBe('');
  });

  it('refuses more than two decimal places and values out of bounds, in pt-BR', () => {
    const price = decimalNumber('Preço');
    expect(price.safeParse(10.25).success).toBe(true);
    expect(price.safeParse(10.255).error?.issues[0]?.message).toBe('Preço: no máximo duas casas decimais');
    expect(price.safeParse(-1).error?.issues[0]?.message).toBe('Preço: o mínimo é 0');
  });
});

describe('choices', () => {
  it('a required combo left empty reads "Campo Obrigatório" (spec §5)', () => {
    for (const empty of [undefined, null, 0]) expect(requiredChoice().safeParse(empty).error?.issues[0]?.message).toBe('Campo Obrigatório');
    expect(themeInputSchema.safeParse({ nome: 'Turismo rural' }).error?.issues.map((i) => i.message)).toEqual(['Campo Obrigatório']);
  });

  it('a multi-select drops repeats and caps the count (spec §9: at most 5 axes)', () => {
    expect(idList().parse([1, 2, 2, 3])).toEqual([1, 2, 3]);
    // The axis group's own schema, where the rule lives: five distinct axes pass (repeats do not
    // count), a sixth is refused with the message, whatever the constant says.
    const group = (eixoIds: number[]) => axisGroupInputSchema.safeParse({ nome: 'Grupo', eixoIds });
    expect(group([1, 2, 3, 4, 5, 5]).data?.eixoIds).toEqual([1, 2, 3, 4, 5]);
    const six = group([1, 2, 3, 4, 5, 6]);
    expect(six.success).toBe(false);
    expect(six.error?.issues.map((i) => i.message)).toEqual(['Escolha no máximo 5 eixos']);
  });
});

describe('value brackets', () => {
  it('needs the maximum at or above the minimum (overlaps are checked by the server: tests/server/registers-statuses.test.ts)', () => {
    expect(bracketInputSchema.safeParse({ nome: 'A', valorMinimo: 10, valorMaximo: 5 }).error?.issues[0]?.message).toBe(
      'O valor máximo deve ser maior ou igual ao mínimo',
    );
  });
});
