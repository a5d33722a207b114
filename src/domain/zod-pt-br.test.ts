import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { installPtBrErrors } from './zod-pt-br.ts';

/** Generic validation messages read in Brazilian Portuguese wherever a schema sets none of its own. */

installPtBrErrors();

function message(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]!.message;
}

describe('pt-BR validation messages', () => {
  it('names a missing field as required, and a wrong one as invalid', () => {
    expect(message(z.object({ nome: z.string() }), {})).toBe('Campo obrigatório');
    expect(message(z.string(), 12)).toBe('Valor inválido');
    expect(message(z.string().check(z.minLength(1)), '')).toBe('Campo obrigatório');
  });

  it('says the limits with their unit', () => {
    expect(message(z.string().check(z.minLength(8)), 'abc')).toBe('Deve ter no mínimo 8 caracteres');
    expect(message(z.string().check(z.maxLength(3)), 'abcd')).toBe('Deve ter no máximo 3 caracteres');
    expect(message(z.array(z.number()).check(z.maxLength(2)), [1, 2, 3])).toBe('Deve ter no máximo 2 itens');
    expect(message(z.number().check(z.minimum(1)), 0)).toBe('Deve ser no mínimo 1');
    expect(message(z.number().check(z.maximum(5)), 6)).toBe('Deve ser no máximo 5');
  });

  it('words formats, options and unknown fields', () => {
    expect(message(z.email(), 'ana@')).toBe('E-mail inválido');
    expect(message(z.string().check(z.regex(/^\d+$/)), 'x')).toBe('Formato inválido');
    expect(message(z.enum(['a', 'b']), 'c')).toBe('Opção inválida');
    expect(message(z.strictObject({ nome: z.string() }), { nome: 'x', idade: 3 })).toBe('Campos não reconhecidos: idade');
  });

  it('keeps a schema’s own message', () => {
    expect(message(z.string().check(z.minLength(1, 'Informe o nome do grupo')), '')).toBe('Informe o nome do grupo');
  });
});
