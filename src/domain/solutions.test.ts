import { describe, expect, it } from 'vitest';
import { MAX_GROUP_AXES, type PermissionContext } from './permissions.ts';
import {
  axesWithinLimit,
  axisOptionDisabled,
  groupCreateErrorMessage,
  redactSolution,
  solutionDisabledMessage,
  solutionEnableRefusal,
  solutionGroupInputSchema,
  solutionInputSchema,
  taskEnableRefusal,
  taskInputSchema,
  truncateEvidenceDescription,
  truncateGroupDescription,
  truncateSolutionDescription,
  truncateSolutionName,
  truncateTaskDescription,
} from './solutions.ts';

describe('list truncation (spec §9)', () => {
  it('cuts a group description at 50, solution, task and evidence descriptions at 20 and solution names at 15', () => {
    const long = 'a'.repeat(60);
    expect(truncateGroupDescription(long)).toEqual({ text: `${'a'.repeat(50)}…`, truncated: true });
    expect(truncateSolutionDescription(long).text).toBe(`${'a'.repeat(20)}…`);
    expect(truncateTaskDescription(long).text).toBe(`${'a'.repeat(20)}…`);
    expect(truncateEvidenceDescription(long).text).toBe(`${'a'.repeat(20)}…`);
    expect(truncateSolutionName(long).text).toBe(`${'a'.repeat(15)}…`);
  });

  it('keeps a text at the limit whole and offers no tooltip', () => {
    expect(truncateSolutionName('Gestão Pública!')).toEqual({ text: 'Gestão Pública!', truncated: false });
    expect(truncateTaskDescription(null)).toEqual({ text: '', truncated: false });
  });
});

describe('the 5-axes rule', () => {
  const five = [1, 2, 3, 4, 5];
  it('accepts up to five distinct axes and refuses a sixth', () => {
    expect(MAX_GROUP_AXES).toBe(5);
    expect(axesWithinLimit(five)).toBe(true);
    expect(axesWithinLimit([...five, 5])).toBe(true);
    expect(axesWithinLimit([...five, 6])).toBe(false);
  });

  it('disables the other options once five are chosen, never the chosen ones', () => {
    expect(axisOptionDisabled(five, 6)).toBe(true);
    expect(axisOptionDisabled(five, 3)).toBe(false);
    expect(axisOptionDisabled([1, 2], 6)).toBe(false);
  });
});

describe('the disabled-solution rule', () => {
  it('refuses to enable a task whose solution is disabled, in the words of the variant', () => {
    const task = { solucaoDesabilitada: true, grupoDesabilitado: false };
    expect(taskEnableRefusal(task, 'default')).toBe('Solução Desabilitada');
    expect(taskEnableRefusal(task, 'at')).toBe('Iniciativa Desabilitada');
    expect(taskEnableRefusal(task, 'gov')).toBe('Fase Desabilitada');
    expect(solutionDisabledMessage('at')).toBe('Iniciativa Desabilitada');
  });

  it('refuses when the group is disabled and allows an enabled chain', () => {
    expect(taskEnableRefusal({ solucaoDesabilitada: false, grupoDesabilitado: true }, 'default')).toBe('Solução Desabilitada');
    expect(taskEnableRefusal({ solucaoDesabilitada: false, grupoDesabilitado: false }, 'default')).toBeNull();
    expect(solutionEnableRefusal({ grupoDesabilitado: true })).toMatch(/grupo/);
    expect(solutionEnableRefusal({ grupoDesabilitado: false })).toBeNull();
  });
});

describe('verCustoPreco and verTipoSolucao', () => {
  const solution = { solucaoId: 1, custo: 100, preco: 150, solucaoTipoId: 3 };
  const ctx = (flags: Record<string, boolean>, admin = false): PermissionContext =>
    ({
      usuario: { administradorSistema: admin, grupo: { nome: 'Consultor', ...flags } },
      config: { verCustoPreco: true, verTipoSolucao: true },
    }) as unknown as PermissionContext;

  it('hides cost, price and type from a user without the flags', () => {
    expect(redactSolution(ctx({}), solution)).toEqual({ solucaoId: 1, custo: null, preco: null, solucaoTipoId: null });
  });

  it('shows each one with its own flag, and everything to the full admin', () => {
    expect(redactSolution(ctx({ verCustoPreco: true }), solution)).toEqual({ ...solution, solucaoTipoId: null });
    expect(redactSolution(ctx({ verTipoSolucao: true }), solution)).toEqual({ ...solution, custo: null, preco: null });
    expect(redactSolution(ctx({}, true), solution)).toEqual(solution);
  });
});

describe('request schemas', () => {
  it('refuses a group with more than five axes or without a name, in Portuguese', () => {
    const tooMany = solutionGroupInputSchema.safeParse({ projetoId: 1, nome: 'G', eixoIds: [1, 2, 3, 4, 5, 6] });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => i.message)).toContain('Escolha no máximo 5 eixos.');
    const blank = solutionGroupInputSchema.safeParse({ projetoId: 1, nome: '  ' });
    expect(blank.error?.issues[0]?.message).toBe('O nome é obrigatório.');
  });

  it('takes monitoramento 1 or 2 only and a term date after the start', () => {
    const base = { grupoSolucaoId: 1, nome: 'S', monitoramento: 1 };
    expect(solutionInputSchema.safeParse(base).success).toBe(true);
    expect(solutionInputSchema.safeParse({ ...base, monitoramento: 3 }).success).toBe(false);
    const dates = solutionInputSchema.safeParse({ ...base, dataInicio: '2026-05-01', dataTermino: '2026-04-01' });
    expect(dates.error?.issues[0]?.message).toBe('A data de término deve ser posterior à de início.');
  });

  it('takes a task with its repeatable evidence list', () => {
    const parsed = taskInputSchema.parse({ solucaoId: 1, nome: 'T', horas: 4, evidencias: [{ nome: 'Ata' }] });
    expect(parsed.evidencias).toEqual([{ nome: 'Ata', descricao: '' }]);
    expect(taskInputSchema.safeParse({ solucaoId: 1, nome: 'T', horas: -1 }).error?.issues[0]?.message).toBe(
      'As horas não podem ser negativas.',
    );
  });

  it('names the variant in the group creation error', () => {
    expect(groupCreateErrorMessage('default')).toBe('Erro ao incluir grupo solução');
    expect(groupCreateErrorMessage('at')).toBe('Erro ao incluir grupo de iniciativa');
  });
});
