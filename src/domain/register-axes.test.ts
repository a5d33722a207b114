import { describe, expect, it } from 'vitest';
import { MAX_GROUP_AXES } from './permissions.ts';
import { axesSummary, axisGroupInputSchema, axisInputSchema, ibgeParamsSchema, municipalityAxesUpdateSchema } from './register-axes.ts';
import { vocabularyFor } from './vocabulary.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the axes family schemas (shared by the dialogs and the API)', () => {
  it('takes at most 5 axes in a group, repeats counted once, and at least one', () => {
    expect(MAX_GROUP_AXES).toBe(5);
    expect(axisGroupInputSchema.safeParse({ nome: 'Cinco', eixoIds: [1, 2, 3, 4, 5] }).success).toBe(true);
    expect(axisGroupInputSchema.parse({ nome: 'Repetidos', eixoIds: [1, 1, 2, 3, 4, 5] }).eixoIds).toEqual([1, 2, 3, 4, 5]);
    expect(messages(axisGroupInputSchema.safeParse({ nome: 'Seis', eixoIds: [1, 2, 3, 4, 5, 6] }))).toEqual(['Escolha no máximo 5 eixos']);
    expect(messages(axisGroupInputSchema.safeParse({ nome: 'Nenhum', eixoIds: [] }))).toEqual(['Escolha ao menos um eixo']);
  });

  it('requires an axis name and defaults the rest (not national, no project)', () => {
    expect(axisInputSchema.parse({ nome: ' Turismo ' })).toEqual({ nome: 'Turismo', descricao: '', nacional: false, projetoId: null });
    expect(messages(axisInputSchema.safeParse({ nome: '' }))).toEqual(['O nome é obrigatório']);
  });

  it('says in pt-BR what a batch update or an IBGE lookup lacks', () => {
    expect(messages(municipalityAxesUpdateSchema.safeParse({ eixoIds: [] }))).toEqual(['Escolha o município']);
    expect(ibgeParamsSchema.parse({ uf: 'sc', code: '4205407' })).toEqual({ uf: 'SC', code: '4205407' });
    expect(messages(ibgeParamsSchema.safeParse({ uf: 'SC', code: '42a' }))).toEqual(['Código IBGE inválido']);
  });

  it('summarises a group as one axis then "(+N eixos)", pilares in the Sala', () => {
    expect(axesSummary(['Turismo'])).toBe('Turismo');
    expect(axesSummary(['Turismo', 'Compras Públicas'])).toBe('Turismo (+1 eixo)');
    const sala = vocabularyFor('sala').axis;
    expect(axesSummary(['A', 'B', 'C'], { one: sala.singular.toLowerCase(), many: sala.plural.toLowerCase() })).toBe('A (+2 pilares)');
  });
});
