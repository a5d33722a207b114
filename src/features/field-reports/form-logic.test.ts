import { describe, expect, it } from 'vitest';
import type { OfflineMeeting } from '../../domain/offline-rows.ts';
import { REPORT_MESSAGES } from '../../domain/report-common.ts';
import { reportCreateSchema, reportUpdateSchema, type Report } from '../../domain/field-reports.ts';
import {
  checkDraft,
  draftFromReport,
  emptyDraft,
  fillFromMeeting,
  fulfilledHours,
  hoursEditable,
  meetingLabel,
  meetingsReportedElsewhere,
  meetingsWithoutReport,
  storedToLocalInput,
  toCreatePayload,
  toggleTask,
  toUpdatePayload,
  withTasks,
  type ReportDraft,
  type TaskDraft,
} from './form-logic.ts';
import { publicReportUrl } from './paths.ts';

const meeting = (over: Partial<OfflineMeeting> = {}): OfflineMeeting => ({
  encontroId: 10,
  municipioId: 1,
  grupoId: 3,
  grupoNome: 'Comitê Gestor',
  titulo: 'Oficina de planejamento',
  // 14:00 in São Paulo (UTC-3).
  inicio: '2026-03-10T17:00:00.000Z',
  fim: '2026-03-10T19:30:00.000Z',
  encontroType: 'encontro',
  tarefas: [
    { municipioTarefaId: 100, nome: 'Diagnóstico', horas: 4 },
    { municipioTarefaId: 101, nome: 'Plano de ação', horas: 2.5 },
  ],
  convidados: [
    { membroId: 7, confirmado: true },
    { membroId: 8, confirmado: false },
  ],
  ...over,
});

const fill = (draft: ReportDraft, m: OfflineMeeting, oneTask = false) =>
  fillFromMeeting(draft, m, {
    memberNames: new Map([
      [7, 'Ana Souza'],
      [8, 'Bruno Lima'],
    ]),
    taskEvidences: new Map([[100, ['Relatório fotográfico', 'Lista de presença']]]),
    oneTask,
  });

describe('meetings a report can still be written for', () => {
  const a = meeting({ encontroId: 1, inicio: '2026-01-05T12:00:00Z' });
  const b = meeting({ encontroId: 2, inicio: '2026-03-05T12:00:00Z' });
  const c = meeting({ encontroId: 3, inicio: '2026-02-05T12:00:00Z' });

  it('leaves out meetings named by a report on the device or known to have one, newest first', () => {
    expect(meetingsWithoutReport([a, b, c], new Set([3])).map((m) => m.encontroId)).toEqual([2, 1]);
    expect(meetingsWithoutReport([a, b, c], new Set()).map((m) => m.encontroId)).toEqual([2, 3, 1]);
  });

  it('learns which cached meetings the server no longer lists as free', () => {
    expect(meetingsReportedElsewhere([1, 2, 3, 3], [2])).toEqual([1, 3]);
    expect(meetingsReportedElsewhere([1], [1, 9])).toEqual([]);
  });

  it('labels a meeting with its São Paulo date and time, group and title', () => {
    expect(meetingLabel(meeting())).toBe('10/03/2026 14:00 · Comitê Gestor · Oficina de planejamento');
    expect(meetingLabel(meeting({ titulo: null }))).toBe('10/03/2026 14:00 · Comitê Gestor');
  });
});

describe('choosing a meeting (spec §2)', () => {
  it('fills the title with group and date, the hours with the task sum, every guest present and every task fulfilled', () => {
    const draft = fill({ ...emptyDraft(), descricao: '<p>Texto</p>', pfAtendidas: '12' }, meeting());
    expect(draft.encontroId).toBe(10);
    expect(draft.titulo).toBe('Comitê Gestor - 10/03/2026');
    expect(draft.horasUtilizadasString).toBe('7'); // 4 + 2.5, whole hours
    expect(draft.inicioString).toBe('2026-03-10T14:00');
    expect(draft.fimString).toBe('2026-03-10T16:30');
    expect(draft.convidados).toEqual([
      { membroId: 7, nome: 'Ana Souza', presente: true, manual: false },
      { membroId: 8, nome: 'Bruno Lima', presente: true, manual: false },
    ]);
    expect(draft.tarefas.map((t) => [t.municipioTarefaId, t.cumprida])).toEqual([
      [100, true],
      [101, true],
    ]);
    expect(draft.tarefas[0]!.evidencias).toEqual(['Relatório fotográfico', 'Lista de presença']);
    // What the user typed stays.
    expect(draft.descricao).toBe('<p>Texto</p>');
    expect(draft.pfAtendidas).toBe('12');
    expect(draft.tipoExecucaoRelatorioId).toBe('1');
  });

  it('with umTarefaValorRelatorio marks only the first task and counts only its hours', () => {
    const draft = fill(emptyDraft(), meeting(), true);
    expect(draft.tarefas.map((t) => t.cumprida)).toEqual([true, false]);
    expect(draft.horasUtilizadasString).toBe('4');
  });

  it('replaces the previous meeting’s guests but keeps those added by hand', () => {
    const first = fill(emptyDraft(), meeting());
    const withManual: ReportDraft = {
      ...first,
      convidados: [...first.convidados, { membroId: 50, nome: 'Carla', presente: false, manual: true }],
    };
    const second = fill(withManual, meeting({ encontroId: 11, convidados: [{ membroId: 8, confirmado: true }] }));
    expect(second.convidados.map((g) => g.membroId)).toEqual([8, 50]);
    expect(second.convidados.find((g) => g.membroId === 50)?.presente).toBe(false);
  });

  it('names a guest the device does not know by id, for the screen to fill in later', () => {
    expect(fill(emptyDraft(), meeting({ convidados: [{ membroId: 99, confirmado: true }] })).convidados[0]!.nome).toBe('Membro 99');
  });
});

describe('hours used', () => {
  const none = { editaHorasUtilizadas: false, editaHorasUtilizadasQuandoTarefasSemHrPredefinidas: false };
  const always = { editaHorasUtilizadas: true, editaHorasUtilizadasQuandoTarefasSemHrPredefinidas: false };
  const whenNoHours = { editaHorasUtilizadas: false, editaHorasUtilizadasQuandoTarefasSemHrPredefinidas: true };
  const timed = [{ horas: 3 }, { horas: 0 }];
  const untimed = [{ horas: 0 }, { horas: 0 }];

  it('are typed with editaHorasUtilizadas, or with the second flag only when no task has predefined hours', () => {
    expect(hoursEditable(always, timed)).toBe(true);
    expect(hoursEditable(none, untimed)).toBe(false);
    expect(hoursEditable(whenNoHours, untimed)).toBe(true);
    expect(hoursEditable(whenNoHours, [])).toBe(true);
    expect(hoursEditable(whenNoHours, timed)).toBe(false);
  });

  it('otherwise follow the fulfilled tasks, rounded to whole hours', () => {
    const tasks: TaskDraft[] = [
      { municipioTarefaId: 1, nome: 'a', horas: 1.5, cumprida: true, evidencias: [] },
      { municipioTarefaId: 2, nome: 'b', horas: 2, cumprida: false, evidencias: [] },
      { municipioTarefaId: 3, nome: 'c', horas: 1.5, cumprida: true, evidencias: [] },
    ];
    expect(fulfilledHours(tasks)).toBe('3');
    const draft = { ...emptyDraft(), tarefas: tasks, horasUtilizadasString: '40' };
    const toggled = toggleTask(tasks, 2, true, false);
    expect(withTasks(draft, toggled, false).horasUtilizadasString).toBe('5');
    expect(withTasks(draft, toggled, true).horasUtilizadasString).toBe('40');
  });

  it('with umTarefaValorRelatorio, marking a task unmarks the others; unmarking leaves them alone', () => {
    const tasks = fill(emptyDraft(), meeting()).tarefas;
    expect(toggleTask(tasks, 101, true, true).map((t) => t.cumprida)).toEqual([false, true]);
    expect(toggleTask(tasks, 101, false, true).map((t) => t.cumprida)).toEqual([true, false]);
    expect(toggleTask(tasks, 101, true, false).map((t) => t.cumprida)).toEqual([true, true]);
  });
});

describe('saving (spec §5 order, shared with the server)', () => {
  const filled = fill({ ...emptyDraft(), descricao: '<p>Relato do encontro</p>' }, meeting());

  it('asks for the description first, then the meeting (agenda in AT), then the execution type in SC', () => {
    const blank = emptyDraft();
    // The first failure is notified; every empty required field is marked.
    expect(checkDraft(blank, '<p></p>', { uf: 'SC', mode: { isAT: false } })).toEqual({
      ok: false,
      field: 'descricao',
      message: REPORT_MESSAGES.descricaoObrigatoria,
      marked: { descricao: REPORT_MESSAGES.descricaoObrigatoria, encontroId: REPORT_MESSAGES.encontroObrigatorio },
    });
    expect(checkDraft({ ...blank, tipoExecucaoRelatorioId: '' }, '<p></p>', { uf: 'SC', mode: { isAT: true } })).toMatchObject({
      marked: {
        descricao: REPORT_MESSAGES.descricaoObrigatoria,
        encontroId: REPORT_MESSAGES.agendaObrigatoria,
        tipoExecucaoRelatorioId: REPORT_MESSAGES.tipoExecucaoObrigatorio,
      },
    });
    expect(checkDraft(blank, '<p>x</p>', { uf: 'SC', mode: { isAT: false } })).toMatchObject({
      message: REPORT_MESSAGES.encontroObrigatorio,
    });
    expect(checkDraft(blank, '<p>x</p>', { uf: 'SC', mode: { isAT: true } })).toMatchObject({ message: REPORT_MESSAGES.agendaObrigatoria });
    const noType = { ...filled, tipoExecucaoRelatorioId: '' };
    expect(checkDraft(noType, filled.descricao, { uf: 'SC', mode: { isAT: false } })).toMatchObject({
      field: 'tipoExecucaoRelatorioId',
      message: REPORT_MESSAGES.tipoExecucaoObrigatorio,
    });
    // Outside SC, MS, BA, SP, MA and RJ neither the type nor the hours are required.
    expect(checkDraft({ ...noType, horasUtilizadasString: '' }, filled.descricao, { uf: 'PR', mode: { isAT: false } })).toEqual({
      ok: true,
      hours: '',
    });
  });

  it('sends empty hours as 0 where they are required', () => {
    expect(checkDraft({ ...filled, horasUtilizadasString: '' }, filled.descricao, { uf: 'MS', mode: { isAT: false } })).toEqual({
      ok: true,
      hours: '0',
    });
  });

  it('builds a create request the outbox schema accepts, twice, with a guest registered offline (temp id)', () => {
    const withTemp: ReportDraft = {
      ...filled,
      convidados: [...filled.convidados, { membroId: -2_147_483_649, nome: 'Nova', presente: true, manual: true }],
    };
    const payload = toCreatePayload(withTemp, 1, withTemp.descricao);
    const once = reportCreateSchema.parse(payload);
    expect(reportCreateSchema.parse(once)).toEqual(once);
    expect(once).toMatchObject({
      municipioId: 1,
      encontroId: 10,
      titulo: 'Comitê Gestor - 10/03/2026',
      tipoExecucaoRelatorioId: 1,
      horasUtilizadasString: '7',
      inicioString: '2026-03-10T14:00',
      pfAtendidas: null,
      arquivosUploadIds: [],
    });
    expect(once.convidadosRelatorio).toContainEqual({ membroId: -2_147_483_649, presente: true });
    expect(once.tarefasRelatorio).toEqual([
      { municipioTarefaId: 100, cumprida: true },
      { municipioTarefaId: 101, cumprida: true },
    ]);
  });
});

describe('the author’s edit', () => {
  const report: Report = {
    relatorioId: 5,
    titulo: 'Encontro de março',
    descricao: '<p>Relato</p>',
    encontroId: 10,
    encontro: { encontroId: 10, grupoNome: 'Comitê Gestor', inicio: '2026-03-10T17:00:00Z', fim: '2026-03-10T19:00:00Z' },
    municipioId: 1,
    municipio: { nome: 'Florianópolis', uf: 'SC' },
    usuarioId: 3,
    usuario: { nome: 'Carlos' },
    criacao: '2026-03-11T12:00:00Z',
    statusRelatorioId: 3,
    statusNome: 'Rejeitado',
    motivoRejeicao: 'Faltou a lista de presença',
    complemento: null,
    observacoes: null,
    pjAtendidas: 2,
    pfAtendidas: null,
    tipoExecucaoRelatorioId: 2,
    horasUtilizadasString: '6',
    inicioString: '2026-03-10T14:00',
    fimString: '2026-03-10T19:00:00.000Z',
    horasTarefas: 4,
    convidadosRelatorio: [{ membroId: 7, nome: 'Ana', cpf: null, email: null, presente: false }],
    tarefasRelatorio: [
      {
        municipioTarefaId: 100,
        municipioTarefa: {
          municipioTarefaId: 100,
          nome: 'Diagnóstico',
          horas: 4,
          municipioEvidencias: [{ municipioEvidenciaId: 1, nome: 'Foto' }],
        },
        cumprida: true,
      },
    ],
    arquivos: [],
    codigoPublico: 'abc123',
  };

  it('starts from the stored report and sends it back with the files to remove', () => {
    const draft = draftFromReport(report);
    expect(draft).toMatchObject({
      tipoExecucaoRelatorioId: '2',
      inicioString: '2026-03-10T14:00',
      fimString: '2026-03-10T16:00',
      pjAtendidas: '2',
      pfAtendidas: '',
      horasUtilizadasString: '6',
    });
    expect(draft.tarefas[0]).toEqual({ municipioTarefaId: 100, nome: 'Diagnóstico', horas: 4, cumprida: true, evidencias: ['Foto'] });
    const body = reportUpdateSchema.parse(toUpdatePayload(report, { ...draft, titulo: 'Novo título' }, draft.descricao, [9]));
    expect(body).toMatchObject({
      relatorioId: 5,
      encontroId: 10,
      titulo: 'Novo título',
      arquivosExcluidosIds: [9],
      motivoRejeicao: 'Faltou a lista de presença',
    });
    expect(body.convidadosRelatorio).toEqual([{ membroId: 7, presente: false }]);
  });

  it('reads stored start and end as São Paulo wall clock', () => {
    expect(storedToLocalInput('2026-03-10')).toBe('2026-03-10T00:00');
    expect(storedToLocalInput('2026-03-10 08:15:00')).toBe('2026-03-10T08:15');
    expect(storedToLocalInput(null)).toBe('');
  });
});

describe('the public link', () => {
  it('carries the variant and state chosen by override, so the page asks the same tenant', () => {
    expect(publicReportUrl('https://app.example', 'a b', { variant: null, uf: null })).toBe('https://app.example/obter_publico/a%20b');
    expect(publicReportUrl('http://localhost:8080', 'xyz', { variant: 'at', uf: 'MS' })).toBe(
      'http://localhost:8080/obter_publico/xyz?variante=at&uf=MS',
    );
  });
});
