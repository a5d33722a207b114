// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { solutionProgressFromTasks, taskEnableRefusal } from '../../../domain/solutions.ts';
import { importGroupSaveDisabled } from './import-group-dialog.tsx';

describe('Importar grupo de soluções: Salvar', () => {
  it('stays disabled until a group is chosen and at least one of its original solutions is', () => {
    expect(importGroupSaveDisabled(null, [])).toBe(true);
    expect(importGroupSaveDisabled(null, [3])).toBe(true);
    expect(importGroupSaveDisabled(7, [])).toBe(true);
    expect(importGroupSaveDisabled(7, [3])).toBe(false);
  });
});

describe('a disabled task whose solution is disabled', () => {
  it('cannot be enabled, and says so in the variant’s words', () => {
    const task = { solucaoDesabilitada: true, grupoDesabilitado: false };
    expect(taskEnableRefusal(task, 'default')).toBe('Solução Desabilitada');
    expect(taskEnableRefusal(task, 'at')).toBe('Iniciativa Desabilitada');
    expect(taskEnableRefusal(task, 'gov')).toBe('Fase Desabilitada');
    expect(taskEnableRefusal({ solucaoDesabilitada: false, grupoDesabilitado: true }, 'at')).toBe('Iniciativa Desabilitada');
    expect(taskEnableRefusal({ solucaoDesabilitada: false, grupoDesabilitado: false }, 'at')).toBeNull();
  });
});

describe('progress per solution', () => {
  it('sums the task rows of each solution', () => {
    const row = { municipioSolucaoId: 1, solucaoNome: 'Sala', horasPrevistas: 4, horasUtilizadas: 1.5 };
    expect(
      solutionProgressFromTasks([
        { ...row, municipioTarefaId: 1, nome: 'A', cumprida: true },
        { ...row, municipioTarefaId: 2, nome: 'B', cumprida: false },
        { ...row, municipioTarefaId: 3, municipioSolucaoId: 2, solucaoNome: 'Crédito', nome: 'C', cumprida: false },
      ]),
    ).toEqual([
      { municipioSolucaoId: 2, nome: 'Crédito', tarefas: 1, tarefasCumpridas: 0, horasPrevistas: 4, horasUtilizadas: 1.5 },
      { municipioSolucaoId: 1, nome: 'Sala', tarefas: 2, tarefasCumpridas: 1, horasPrevistas: 8, horasUtilizadas: 3 },
    ]);
  });
});
