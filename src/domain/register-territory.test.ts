import { describe, expect, it } from 'vitest';
import {
  CONTRACT_END_BEFORE_START,
  contractInputSchema,
  institutionInputSchema,
  regionalUnitMunicipalitiesSchema,
  schoolInputSchema,
  ufSchema,
} from './register-territory.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('institutions and territory register schemas', () => {
  it('an institution needs a name; its municipalities lose repeats', () => {
    expect(messages(institutionInputSchema.safeParse({ nome: ' ', municipioIds: [] }))).toEqual(['O nome é obrigatório']);
    expect(institutionInputSchema.parse({ nome: 'Sebrae', municipioIds: [3, 3, 1] })).toEqual({ nome: 'Sebrae', sigla: '', municipioIds: [3, 1] });
  });

  it('a contract ends on or after its start, with pt-BR messages for missing and malformed dates', () => {
    const base = { usuarioId: 1, numContrato: 'SC-1', qtdEntregasPrevistas: 3, inicio: '2026-03-01', fim: '2026-03-01' };
    expect(contractInputSchema.safeParse(base).success).toBe(true);
    expect(messages(contractInputSchema.safeParse({ ...base, fim: '2026-02-28' }))).toEqual([CONTRACT_END_BEFORE_START]);
    expect(messages(contractInputSchema.safeParse({ ...base, inicio: undefined }))).toContain('A data de início é obrigatória');
    expect(messages(contractInputSchema.safeParse({ ...base, usuarioId: undefined }))).toContain('O usuário é obrigatório');
  });

  it('a school’s INEP code is 8 digits or empty; counts are whole and not negative', () => {
    const base = { municipioId: 1, nome: 'Escola', quantidadeAlunos: 10, quantidadeProfessores: 2 };
    expect(schoolInputSchema.parse(base).codigoInep).toBe('');
    expect(messages(schoolInputSchema.safeParse({ ...base, codigoInep: '4212' }))).toEqual(['O código INEP tem 8 dígitos']);
    expect(messages(schoolInputSchema.safeParse({ ...base, quantidadeAlunos: -1 }))).toEqual(['Quantidade de alunos: o mínimo é 0']);
  });

  it('a UF is two letters (and the AT variant’s digit), upper-cased', () => {
    expect(ufSchema.parse('sc')).toBe('SC');
    expect(ufSchema.parse('SC1')).toBe('SC1');
    expect(ufSchema.safeParse('S*').success).toBe(false);
    expect(regionalUnitMunicipalitiesSchema.parse({ unidadeRegionalId: 2, municipioIds: [5, 5] }).municipioIds).toEqual([5]);
  });
});
