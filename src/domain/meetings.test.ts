import { describe, expect, it } from 'vitest';
import {
  canEditCalendar,
  datesBetween,
  MEETING_MESSAGES,
  meetingBatchSchema,
  meetingCreateSchema,
  meetingName,
  meetingNeedsTask,
  parseWallClock,
  taskRequiredMessage,
  tenantServesUf,
  toWallClock,
} from './meetings.ts';
import { canScheduleInBatch } from './batch-events.ts';
import { PERMISSION_FLAGS, type FlagSet } from './permission-flags.ts';
import type { SessionUser } from './session.ts';

const allOn = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f.key, true])) as FlagSet;
const allOff = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f.key, false])) as FlagSet;

function user(
  opts: { fullAdmin?: boolean; groupName?: string; flags?: Partial<FlagSet>; roles?: { nome: string; municipioId: number }[] } = {},
): SessionUser {
  return {
    usuarioId: 7,
    nome: 'Teste',
    email: 't@x',
    cpf: null,
    administradorSistema: opts.fullAdmin ?? false,
    grupo: {
      grupoId: 1,
      nome: opts.groupName ?? 'Consultor',
      ...allOff,
      ...opts.flags,
      relatorioAdm: [],
      visualizaEixosIds: [],
    } as SessionUser['grupo'],
    permissoes: (opts.roles ?? []).map((r) => ({ eixoId: null, municipioId: r.municipioId, permissao: { nome: r.nome } })),
    permissoesSolucoes: [],
  };
}

const base = {
  municipioId: 10,
  grupoId: 3,
  inicioString: '2026-03-10T14:00',
  fimString: '2026-03-10T16:00',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('São Paulo wall clock', () => {
  it('reads both spellings as São Paulo time (UTC-3) and writes it back', () => {
    expect(parseWallClock('2026-03-10T14:00')?.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(parseWallClock('10/03/2026 14:00')?.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(toWallClock('2026-03-10T17:00:00.000Z')).toBe('2026-03-10T14:00');
    // Late evening in São Paulo is already the next day in UTC.
    expect(toWallClock(parseWallClock('2026-12-31T23:30')!)).toBe('2026-12-31T23:30');
  });

  it('refuses impossible dates and times and other formats', () => {
    for (const bad of ['31/02/2026 10:00', '2026-02-29T10:00', '2026-03-10T24:00', '2026-03-10T10:60', '2026-03-10', 'amanhã', '']) {
      expect(parseWallClock(bad), bad).toBeNull();
    }
    expect(parseWallClock('29/02/2028 10:00')).not.toBeNull();
  });

  it('names a meeting by group and São Paulo date and time', () => {
    expect(meetingName({ grupoNome: 'Comitê Gestor', inicio: '2026-03-10T17:00:00.000Z' })).toBe('Comitê Gestor - 10/03/2026 14:00');
  });
});

describe('meeting schemas', () => {
  it('accepts a minimal meeting and fills the defaults', () => {
    const parsed = meetingCreateSchema.parse(base);
    expect(parsed).toMatchObject({ encontroType: 'encontro', titulo: null, local: null, solucoes: [], tarefas: [], convidados: [] });
    // The outbox and the form re-validate what they parsed.
    expect(meetingCreateSchema.parse(parsed)).toEqual(parsed);
  });

  it('says in pt-BR what is wrong', () => {
    expect(messagesOf(meetingCreateSchema.safeParse({ ...base, fimString: '2026-03-10T13:59' }))).toEqual([
      MEETING_MESSAGES.fimAntesDoInicio,
    ]);
    expect(messagesOf(meetingCreateSchema.safeParse({ ...base, fimString: base.inicioString }))).toEqual([
      MEETING_MESSAGES.fimAntesDoInicio,
    ]);
    expect(messagesOf(meetingCreateSchema.safeParse({ ...base, inicioString: '31/02/2026 10:00' }))).toEqual([
      MEETING_MESSAGES.inicioInvalido,
    ]);
    expect(messagesOf(meetingCreateSchema.safeParse({ ...base, grupoId: null }))).toEqual([MEETING_MESSAGES.grupoObrigatorio]);
    expect(messagesOf(meetingCreateSchema.safeParse({ ...base, encontroType: 'festa' }))).toEqual([MEETING_MESSAGES.tipoInvalido]);
  });

  it('takes a batch of dates, each checked, at least one and at most 60', () => {
    const batch = { ...base, uf: 'SC1', datas: [{ inicioString: '2026-03-10T09:00', fimString: '2026-03-10T10:00' }] };
    expect(meetingBatchSchema.safeParse(batch).success).toBe(true);
    expect(messagesOf(meetingBatchSchema.safeParse({ ...batch, datas: [] }))).toEqual([MEETING_MESSAGES.datasObrigatorias]);
    const backwards = meetingBatchSchema.safeParse({
      ...batch,
      datas: [...batch.datas, { inicioString: '2026-03-11T10:00', fimString: '2026-03-11T09:00' }],
    });
    expect(backwards.error?.issues[0]).toMatchObject({ message: MEETING_MESSAGES.fimAntesDoInicio, path: ['datas', 1, 'fimString'] });
    const many = Array.from({ length: 61 }, () => batch.datas[0]!);
    expect(messagesOf(meetingBatchSchema.safeParse({ ...batch, datas: many }))).toEqual([MEETING_MESSAGES.datasDemais]);
  });
});

describe('calendar rules', () => {
  it('needs a task only when podeCriarEventoSemTarefaCalendario is off in the group or the configuration', () => {
    const on = user({ flags: { podeCriarEventoSemTarefaCalendario: true } });
    expect(meetingNeedsTask({ usuario: on, config: allOn })).toBe(false);
    expect(meetingNeedsTask({ usuario: on, config: { ...allOn, podeCriarEventoSemTarefaCalendario: false } })).toBe(true);
    expect(meetingNeedsTask({ usuario: user(), config: allOn })).toBe(true);
    expect(meetingNeedsTask({ usuario: user({ fullAdmin: true }), config: allOff })).toBe(false);
    expect(taskRequiredMessage()).toBe('Selecione ao menos uma tarefa para o evento');
    expect(taskRequiredMessage({ singular: 'Atividade', gender: 'f' })).toBe('Selecione ao menos uma atividade para o evento');
  });

  it('lets the calendar tab holders change meetings', () => {
    expect(canEditCalendar({ usuario: user({ flags: { verAbaEvento: true } }), config: allOn })).toBe(true);
    expect(canEditCalendar({ usuario: user({ flags: { verAbaEvento: true } }), config: { ...allOn, verAbaEvento: false } })).toBe(false);
  });

  it('schedules in batch exactly like the batch tab: SC1, its flag, admin or specialist of the municipality', () => {
    const flags = { verAbaEventoEmLote: true };
    const specialist = user({ flags, roles: [{ nome: 'Consultor Especialista', municipioId: 10 }] });
    expect(canScheduleInBatch({ usuario: specialist, config: allOn, municipioId: 10 }, 'SC1')).toBe(true);
    expect(canScheduleInBatch({ usuario: specialist, config: allOn, municipioId: 11 }, 'SC1')).toBe(false);
    expect(canScheduleInBatch({ usuario: specialist, config: allOn, municipioId: 10 }, 'SC')).toBe(false);
    expect(canScheduleInBatch({ usuario: user({ flags, groupName: 'Administrador' }), config: allOn, municipioId: 10 }, 'sc1')).toBe(true);
    const conductor = user({ flags, roles: [{ nome: 'Consultor Condutor', municipioId: 10 }] });
    expect(canScheduleInBatch({ usuario: conductor, config: allOn, municipioId: 10 }, 'SC1')).toBe(false);
    expect(canScheduleInBatch({ usuario: user({ fullAdmin: true }), config: allOff, municipioId: 10 }, 'SC1')).toBe(true);
  });

  it('knows which databases serve SC1', () => {
    expect(tenantServesUf('sc', 'SC1')).toBe(true);
    expect(tenantServesUf('ms', 'SC1')).toBe(false);
    expect(tenantServesUf('ms', 'ms')).toBe(true);
  });

  it('lists the chosen weekdays of a period', () => {
    // 2026-03-02 is a Monday.
    expect(datesBetween('2026-03-02', '2026-03-15', new Set([1, 3]))).toEqual(['2026-03-02', '2026-03-04', '2026-03-09', '2026-03-11']);
    expect(datesBetween('2026-03-15', '2026-03-02', new Set([1]))).toEqual([]);
  });
});
