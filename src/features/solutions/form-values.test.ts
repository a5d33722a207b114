import { describe, expect, it } from 'vitest';
import type { Axis } from '../../domain/axes.ts';
import type { Solution } from '../../domain/solutions.ts';
import {
  axesForProject,
  axesSummary,
  centsFromReais,
  evidenceRowErrors,
  groupFormSchema,
  maskHours,
  parseDecimal,
  reaisFromCents,
  solutionFormSchema,
  solutionFormValues,
  taskCreateFormSchema,
  taskFormValues,
  taskUpdateFormSchema,
} from './form-values.ts';

describe('hours and money', () => {
  it('masks hours to digits with one comma and two decimals', () => {
    expect(maskHours('12')).toBe('12');
    expect(maskHours('12.5')).toBe('12,5');
    expect(maskHours('1a2,345')).toBe('12,34');
    expect(maskHours(',5')).toBe('0,5');
    expect(maskHours('1,2,3')).toBe('1,23');
  });

  it('reads typed decimals, empty as null and garbage as NaN', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal(' 12,5 ')).toBe(12.5);
    expect(parseDecimal('8')).toBe(8);
    expect(parseDecimal('abc')).toBeNaN();
  });

  it('turns the money field cents into reais and back without float drift', () => {
    expect(reaisFromCents(123456)).toBe(1234.56);
    expect(reaisFromCents(null)).toBeNull();
    expect(centsFromReais(0.1 + 0.2)).toBe(30);
    expect(centsFromReais(1234.56)).toBe(123456);
    expect(centsFromReais(null)).toBeNull();
  });
});

describe('groups', () => {
  const axis = (eixoId: number, projetoId: number | null): Axis => ({
    eixoId,
    nome: `Eixo ${eixoId}`,
    descricao: '',
    nacional: false,
    projetoId,
    projetoNome: null,
  });

  it("offers the project's axes and those of no project", () => {
    expect(axesForProject([axis(1, 1), axis(2, 2), axis(3, null)], 1).map((a) => a.eixoId)).toEqual([1, 3]);
  });

  it('summarises axes as two names and "(+N eixos)", keeping the whole list', () => {
    expect(axesSummary(['A', 'B'])).toEqual({ shown: 'A, B', full: 'A, B' });
    expect(axesSummary(['A', 'B', 'C'])).toEqual({ shown: 'A, B (+1 eixo)', full: 'A, B, C' });
    expect(axesSummary(['A', 'B', 'C', 'D']).shown).toBe('A, B (+2 eixos)');
  });

  it('maps the dialog to the group input and refuses a sixth axis', () => {
    const schema = groupFormSchema(7);
    expect(schema.parse({ nome: ' Saúde ', descricao: '', eixoIds: [1, 2] })).toMatchObject({
      projetoId: 7,
      nome: 'Saúde',
      eixoIds: [1, 2],
    });
    const six = schema.safeParse({ nome: 'Saúde', descricao: '', eixoIds: [1, 2, 3, 4, 5, 6] });
    expect(six.success).toBe(false);
    expect(six.error?.issues[0]).toMatchObject({ path: ['eixoIds'], message: 'Escolha no máximo 5 eixos.' });
  });
});

describe('solutions', () => {
  const base = { ...solutionFormValues(null), nome: 'Feira' };

  it('sends reais, null for empty dates and no visit fields with monitoramento 1', () => {
    const input = solutionFormSchema(3).parse({
      ...base,
      custo: 150000,
      preco: 199990,
      dataInicio: '2027-02-01',
      visitasPresenciais: '4',
      cargaHoraria: '12,5',
    });
    expect(input).toMatchObject({
      grupoSolucaoId: 3,
      custo: 1500,
      preco: 1999.9,
      monitoramento: 1,
      dataInicio: '2027-02-01',
      dataTermino: null,
      visitasPresenciais: null,
      cargaHoraria: 12.5,
      usuarioIds: [],
    });
  });

  it('keeps the visit fields with monitoramento 2', () => {
    const input = solutionFormSchema(3).parse({
      ...base,
      monitoramento: '2',
      visitasPresenciais: '4',
      horasPrevistasVisitasPresenciais: '8',
      trabalhosEscritorio: '2',
      horasPrevistasTrabalhosEscritorio: '1,5',
      usuarioIds: [9],
    });
    expect(input).toMatchObject({
      monitoramento: 2,
      visitasPresenciais: 4,
      horasPrevistasVisitasPresenciais: 8,
      trabalhosEscritorio: 2,
      horasPrevistasTrabalhosEscritorio: 1.5,
      usuarioIds: [9],
    });
  });

  it('puts the messages on the fields the user typed', () => {
    const result = solutionFormSchema(3).safeParse({ ...base, nome: ' ', dataInicio: '2027-03-01', dataTermino: '2027-02-01' });
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['nome']));
    const dates = solutionFormSchema(3).safeParse({ ...base, dataInicio: '2027-03-01', dataTermino: '2027-02-01' });
    expect(dates.error?.issues[0]).toMatchObject({ path: ['dataTermino'] });
  });

  it('opens a stored solution with its money in cents and its numbers as text', () => {
    const stored: Solution = {
      solucaoId: 1,
      grupoSolucaoId: 3,
      nome: 'Feira',
      descricao: '',
      custo: 1500.5,
      preco: null,
      solucaoTipoId: null,
      monitoramento: 2,
      dataInicio: '2027-02-01',
      dataTermino: null,
      visitasPresenciais: 4,
      horasPrevistasVisitasPresenciais: 7.5,
      trabalhosEscritorio: null,
      horasPrevistasTrabalhosEscritorio: null,
      cargaHoraria: 20,
      naoComputaHoras: true,
      desabilitado: false,
      usuarioIds: [2, 5],
    };
    expect(solutionFormValues(stored)).toMatchObject({
      custo: 150050,
      preco: null,
      monitoramento: '2',
      dataTermino: '',
      visitasPresenciais: '4',
      horasPrevistasVisitasPresenciais: '7,5',
      cargaHoraria: '20',
      naoComputaHoras: true,
      usuarioIds: [2, 5],
    });
  });
});

describe('tasks', () => {
  it('creates a task with its evidence list and says which row lacks a name', () => {
    const values = {
      ...taskFormValues(null, 4),
      nome: 'Oficina',
      horas: '2,5',
      evidencias: [
        { nome: 'Lista', descricao: '' },
        { nome: '', descricao: 'x' },
      ],
    };
    const refused = taskCreateFormSchema.safeParse(values);
    expect(refused.success).toBe(false);
    expect(evidenceRowErrors(refused.error!.issues)).toEqual({ 1: { nome: 'O nome da evidência é obrigatório.' } });
    const ok = taskCreateFormSchema.parse({ ...values, evidencias: [{ nome: 'Lista', descricao: '' }] });
    expect(ok).toEqual({ solucaoId: 4, nome: 'Oficina', descricao: '', horas: 2.5, evidencias: [{ nome: 'Lista', descricao: '' }] });
  });

  it('asks for the hours when they are empty, and edits without the evidence list', () => {
    const empty = taskCreateFormSchema.safeParse({ ...taskFormValues(null, 4), nome: 'Oficina' });
    expect(empty.error?.issues[0]).toMatchObject({ path: ['horas'], message: 'Informe as horas.' });
    expect(taskUpdateFormSchema(9).parse({ ...taskFormValues(null, 4), nome: 'Oficina', horas: '3' })).toEqual({
      tarefaId: 9,
      solucaoId: 4,
      nome: 'Oficina',
      descricao: '',
      horas: 3,
    });
  });
});
