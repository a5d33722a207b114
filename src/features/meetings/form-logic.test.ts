import { describe, expect, it } from 'vitest';
import { MEETING_MESSAGES } from '../../domain/meetings.ts';
import {
  batchPeriods,
  checkMeetingValues,
  chunk,
  emptyMeetingValues,
  offeredTasks,
  valuesOfMeeting,
  withGroupMembers,
} from './form-logic.ts';

const atWords = { needsTask: true, task: { singular: 'Atividade', gender: 'f' as const } };

describe('meeting form logic', () => {
  it('starts a new meeting at the chosen time for an hour, in São Paulo wall clock', () => {
    const values = emptyMeetingValues(new Date('2026-03-10T12:00:00.000Z'));
    expect([values.inicioString, values.fimString]).toEqual(['2026-03-10T09:00', '2026-03-10T10:00']);
  });

  it('reads a meeting back into the fields, rows without solutions included', () => {
    const values = valuesOfMeeting({
      grupoId: 4,
      encontroType: 'visita',
      titulo: null,
      inicio: '2026-03-10T17:00:00.000Z',
      fim: '2026-03-10T19:00:00.000Z',
      tarefas: [{ municipioTarefaId: 8 }],
      convidados: [{ membroId: 3, confirmado: true }],
    });
    expect(values).toEqual({
      grupoId: 4,
      encontroType: 'visita',
      titulo: '',
      local: '',
      inicioString: '2026-03-10T14:00',
      fimString: '2026-03-10T16:00',
      solucaoIds: [],
      tarefaIds: [8],
      convidados: [{ membroId: 3, confirmado: true }],
    });
  });

  it('checks what the server checks, the task rule in the mode’s word', () => {
    const values = { ...emptyMeetingValues(new Date('2026-03-10T12:00:00.000Z')), fimString: '2026-03-10T08:00' };
    const result = checkMeetingValues(values, 10, atWords);
    expect(result).toEqual({
      ok: false,
      errors: {
        grupoId: MEETING_MESSAGES.grupoObrigatorio,
        fimString: MEETING_MESSAGES.fimAntesDoInicio,
        tarefaIds: 'Selecione ao menos uma atividade para o evento',
      },
    });
    const fixed = checkMeetingValues({ ...values, grupoId: 2, fimString: '2026-03-10T10:00', tarefaIds: [5] }, 10, atWords);
    expect(fixed.ok && fixed.input).toMatchObject({ municipioId: 10, grupoId: 2, tarefas: [{ municipioTarefaId: 5 }] });
    expect(checkMeetingValues({ ...values, grupoId: 2, fimString: '2026-03-10T10:00' }, 10, { ...atWords, needsTask: false }).ok).toBe(
      true,
    );
  });

  it('offers the enabled tasks of the chosen solutions, keeping the ones already chosen', () => {
    const tasks = [
      { municipioTarefaId: 1, municipioSolucaoId: 10, desabilitado: false },
      { municipioTarefaId: 2, municipioSolucaoId: 20, desabilitado: false },
      { municipioTarefaId: 3, municipioSolucaoId: 10, desabilitado: true },
    ];
    expect(offeredTasks(tasks, [], []).map((t) => t.municipioTarefaId)).toEqual([1, 2]);
    expect(offeredTasks(tasks, [10], []).map((t) => t.municipioTarefaId)).toEqual([1]);
    expect(offeredTasks(tasks, [10], [2, 3]).map((t) => t.municipioTarefaId)).toEqual([1, 2, 3]);
  });

  it('invites the group’s members without touching guests already there', () => {
    const members = [
      { membroId: 1, membroGrupos: [{ grupoId: 7 }] },
      { membroId: 2, membroGrupos: [{ grupoId: 7 }] },
      { membroId: 3, membroGrupos: [{ grupoId: 8 }] },
    ];
    expect(withGroupMembers([{ membroId: 2, confirmado: true }], members, 7)).toEqual([
      { membroId: 2, confirmado: true },
      { membroId: 1, confirmado: false },
    ]);
  });

  it('turns the batch days into periods in date order, once each, and sends them in chunks', () => {
    expect(batchPeriods(['2026-03-12', '2026-03-05', '2026-03-12'], '09:00', '11:30')).toEqual([
      { inicioString: '2026-03-05T09:00', fimString: '2026-03-05T11:30' },
      { inicioString: '2026-03-12T09:00', fimString: '2026-03-12T11:30' },
    ]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
