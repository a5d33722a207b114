import { describe, expect, it } from 'vitest';
import type { FlagKey } from './permission-flags.ts';
import { flagsOn, testContext } from './testing/session-user.ts';
import type { PermissionContext } from './permissions.ts';
import {
  canAnalyseReports,
  canCreateReport,
  canDeleteReport,
  canEditReport,
  canSeeRejectionReason,
  canSeeReport,
  htmlHasText,
  REPORT_MESSAGES,
  reportFilterSchema,
  reportStatusTone,
} from './report-common.ts';
import { reportAnalysisSchema, reportCreateSchema, reportUpdateSchema, validateReportSave } from './field-reports.ts';
import { adminReportAnalysisSchema, adminReportCreateSchema } from './admin-reports.ts';

const CE = { isAT: false };
const AT = { isAT: true };

const filled = { descricao: '<p>Reunião com o grupo</p>', encontroId: 10, tipoExecucaoRelatorioId: 1, horasUtilizadasString: '4' };

describe('validateReportSave (spec §5, in order)', () => {
  it('asks for the description first, even when every other field is also missing', () => {
    const r = validateReportSave({ descricao: '', encontroId: null, tipoExecucaoRelatorioId: null }, { uf: 'SC', mode: CE });
    expect(r).toEqual({ ok: false, message: 'É necessário preencher o relatório do evento', field: 'descricao' });
  });

  it("treats the editor's empty document and blank HTML as no description", () => {
    for (const descricao of ['<p></p>', '<p>&nbsp; </p>', '<p><br></p>', '   ', null, undefined]) {
      const r = validateReportSave({ ...filled, descricao }, { uf: 'SC', mode: CE });
      expect(r.ok ? null : r.message).toBe(REPORT_MESSAGES.descricaoObrigatoria);
    }
    expect(htmlHasText('<script>alert(1)</script>')).toBe(false);
    expect(htmlHasText('<p><strong>ok</strong></p>')).toBe(true);
  });

  it('asks for the meeting second, or for the agenda in AT mode', () => {
    const input = { ...filled, encontroId: null, tipoExecucaoRelatorioId: null };
    expect(validateReportSave(input, { uf: 'SC', mode: CE })).toMatchObject({ message: 'O encontro deve estar preenchido' });
    expect(validateReportSave(input, { uf: 'SC', mode: AT })).toMatchObject({ message: 'A agenda deve estar preenchido' });
    expect(validateReportSave({ ...filled, encontroId: '' }, { uf: 'GO', mode: CE })).toMatchObject({
      field: 'encontroId',
    });
  });

  it('asks for the execution type third, only in SC, MS, BA, SP, MA and RJ', () => {
    const input = { ...filled, tipoExecucaoRelatorioId: null };
    for (const uf of ['SC', 'MS', 'BA', 'SP', 'MA', 'RJ', 'sc']) {
      expect(validateReportSave(input, { uf, mode: CE })).toMatchObject({ message: 'O tipo de execução deve estar preenchido' });
    }
    for (const uf of ['GO', 'PR', 'MG']) expect(validateReportSave(input, { uf, mode: CE }).ok).toBe(true);
  });

  it('reads empty hours as 0 in those states and leaves them empty elsewhere', () => {
    const r = validateReportSave({ ...filled, horasUtilizadasString: '' }, { uf: 'MS', mode: CE });
    expect(r).toEqual({ ok: true, value: { ...filled, horasUtilizadasString: '0' } });
    const other = validateReportSave({ ...filled, horasUtilizadasString: '' }, { uf: 'GO', mode: CE });
    expect(other).toEqual({ ok: true, value: { ...filled, horasUtilizadasString: '' } });
  });

  it('accepts digits only in hours and counts', () => {
    expect(validateReportSave({ ...filled, horasUtilizadasString: '2,5' }, { uf: 'SC', mode: CE })).toMatchObject({
      message: REPORT_MESSAGES.somenteNumeros,
      field: 'horasUtilizadasString',
    });
    expect(validateReportSave({ ...filled, pfAtendidas: '-3' }, { uf: 'SC', mode: CE })).toMatchObject({ field: 'pfAtendidas' });
    expect(validateReportSave({ ...filled, pjAtendidas: 12, pfAtendidas: '007' }, { uf: 'SC', mode: CE }).ok).toBe(true);
  });
});

describe('reportCreateSchema', () => {
  const body = {
    municipioId: 3,
    titulo: ' Grupo A - 10/03/2025 ',
    descricao: '<p>texto</p>',
    encontroId: 10,
    pjAtendidas: '2',
    pfAtendidas: 5,
    tipoExecucaoRelatorioId: '1',
    horasUtilizadasString: '08',
    inicioString: '2025-03-10T14:00',
    fimString: '2025-03-10T16:00',
    convidadosRelatorio: [
      { membroId: 4, presente: true },
      { membroId: -1, presente: false },
    ],
    tarefasRelatorio: [{ municipioTarefaId: 7, cumprida: true }],
  };

  it('normalises the form and accepts its own output unchanged (the outbox re-validates)', () => {
    const once = reportCreateSchema.parse(body);
    expect(once).toMatchObject({
      titulo: 'Grupo A - 10/03/2025',
      pjAtendidas: 2,
      pfAtendidas: 5,
      tipoExecucaoRelatorioId: 1,
      horasUtilizadasString: '8',
      observacoes: null,
      arquivosUploadIds: [],
    });
    expect(reportCreateSchema.parse(once)).toEqual(once);
  });

  it('accepts guests registered offline (negative ids) and refuses repeated guests or tasks', () => {
    expect(reportCreateSchema.parse(body).convidadosRelatorio[1]).toEqual({ membroId: -1, presente: false });
    const twice = reportCreateSchema.safeParse({ ...body, convidadosRelatorio: [{ membroId: 4 }, { membroId: 4 }] });
    expect(twice.error?.issues[0]?.message).toBe(REPORT_MESSAGES.convidadoRepetido);
    const tasks = reportCreateSchema.safeParse({ ...body, tarefasRelatorio: [{ municipioTarefaId: 7 }, { municipioTarefaId: 7 }] });
    expect(tasks.error?.issues[0]?.message).toBe(REPORT_MESSAGES.tarefaRepetida);
  });

  it('lets the §5 fields through empty so the rule order decides the message', () => {
    const parsed = reportCreateSchema.parse({ municipioId: 3 });
    expect(parsed).toMatchObject({ descricao: '', encontroId: null, tipoExecucaoRelatorioId: null, horasUtilizadasString: null });
    expect(validateReportSave(parsed, { uf: 'SC', mode: CE })).toMatchObject({ message: REPORT_MESSAGES.descricaoObrigatoria });
  });

  it('refuses non-digit counts, unknown execution types, bad dates and an end before the start', () => {
    const msg = (over: object) => reportCreateSchema.safeParse({ ...body, ...over }).error?.issues[0]?.message;
    expect(msg({ pjAtendidas: '1a' })).toBe(REPORT_MESSAGES.somenteNumeros);
    expect(msg({ horasUtilizadasString: '1.5' })).toBe(REPORT_MESSAGES.somenteNumeros);
    expect(msg({ tipoExecucaoRelatorioId: 3 })).toBe(REPORT_MESSAGES.tipoExecucaoInvalido);
    expect(msg({ inicioString: '10/03/2025' })).toBe(REPORT_MESSAGES.dataInvalida);
    expect(msg({ fimString: '2025-03-10T13:00' })).toBe(REPORT_MESSAGES.fimAntesInicio);
  });

  it('update carries the id and the attachments to remove', () => {
    const parsed = reportUpdateSchema.parse({ ...body, relatorioId: 5, arquivosExcluidosIds: [9] });
    expect(parsed).toMatchObject({ relatorioId: 5, arquivosExcluidosIds: [9] });
    expect(reportUpdateSchema.parse(parsed)).toEqual(parsed);
  });
});

describe('analysis and filter schemas', () => {
  it('needs a reason to reject, not to approve', () => {
    expect(reportAnalysisSchema.safeParse({ relatorioId: 1, aprovado: true }).success).toBe(true);
    const r = reportAnalysisSchema.safeParse({ relatorioId: 1, aprovado: false, motivoRejeicao: '  ' });
    expect(r.error?.issues[0]?.message).toBe('Informe o motivo da rejeição');
    const a = adminReportAnalysisSchema.safeParse({ relatorioAdministrativoId: 1, aprovado: false });
    expect(a.error?.issues[0]?.message).toBe('Informe o motivo da rejeição');
  });

  it('filter defaults to everything and checks the period days', () => {
    expect(reportFilterSchema.parse({})).toEqual({ municipioIds: [], usuarioIds: [], statusRelatorioIds: [], inicio: null, fim: null });
    expect(reportFilterSchema.safeParse({ inicio: '01/03/2025' }).success).toBe(false);
  });

  it('administrative report needs a title, digit hours and a description', () => {
    const ok = adminReportCreateSchema.parse({ municipioId: 1, titulo: ' Planejamento ', horas: '6', descricao: '<p>x</p>' });
    expect(ok).toEqual({ municipioId: 1, titulo: 'Planejamento', horas: 6, descricao: '<p>x</p>', arquivosUploadIds: [] });
    expect(adminReportCreateSchema.parse(ok)).toEqual(ok);
    const msgs = (over: object) => adminReportCreateSchema.safeParse({ ...ok, ...over }).error?.issues.map((i) => i.message);
    expect(msgs({ titulo: ' ' })).toEqual(['Informe o título do relatório']);
    expect(msgs({ horas: '' })).toEqual(['Informe as horas utilizadas']);
    expect(msgs({ horas: '1h' })).toEqual([REPORT_MESSAGES.somenteNumeros]);
    expect(msgs({ descricao: '<p></p>' })).toEqual(['É necessário preencher o relatório']);
  });
});

describe('status tones', () => {
  it('colours 0/1 red, 2/4 green and 3 orange', () => {
    expect([0, 1, 2, 3, 4].map(reportStatusTone)).toEqual(['red', 'red', 'green', 'orange', 'green']);
  });
});

describe('report permissions (spec §6)', () => {
  // The configuration has on exactly the group's flags, less those a test turns off.
  function ctx(opts: { id?: number; group?: string; on?: FlagKey[]; configOff?: FlagKey[]; fullAdmin?: boolean } = {}): PermissionContext {
    const on = opts.on ?? [];
    return testContext({
      usuarioId: opts.id,
      group: opts.group ?? 'Consultores',
      on,
      fullAdmin: opts.fullAdmin,
      config: flagsOn(on.filter((k) => !(opts.configOff ?? []).includes(k))),
    });
  }
  const own = (status: number) => ({ usuarioId: 7, statusRelatorioId: status });
  const other = (status: number) => ({ usuarioId: 8, statusRelatorioId: status });

  it('creating needs novoRelatorio in the group and the configuration', () => {
    expect(canCreateReport(ctx({ on: ['novoRelatorio'] }))).toBe(true);
    expect(canCreateReport(ctx({ on: ['novoRelatorio'], configOff: ['novoRelatorio'] }))).toBe(false);
    expect(canCreateReport(ctx())).toBe(false);
    expect(canCreateReport(ctx({ fullAdmin: true }))).toBe(true);
  });

  it('analysing needs podeAnalisarRelatorio; admins are exempt', () => {
    expect(canAnalyseReports(ctx({ on: ['podeAnalisarRelatorio'] }))).toBe(true);
    expect(canAnalyseReports(ctx())).toBe(false);
    expect(canAnalyseReports(ctx({ group: 'Administrador' }))).toBe(true);
  });

  it('the rejection reason and the report show to analysts and to the author only', () => {
    expect(canSeeRejectionReason(ctx(), own(3))).toBe(true);
    expect(canSeeRejectionReason(ctx(), other(3))).toBe(false);
    expect(canSeeRejectionReason(ctx({ on: ['podeAnalisarRelatorio'] }), other(3))).toBe(true);
    expect(canSeeReport(ctx(), other(2))).toBe(false);
    expect(canSeeReport(ctx({ on: ['podeAnalisarRelatorio'] }), other(2))).toBe(true);
  });

  it('the author edits until approved; deleting is for the author while waiting, or an admin', () => {
    expect([0, 1, 2, 3, 4].map((s) => canEditReport(ctx(), own(s)))).toEqual([true, true, true, true, false]);
    expect(canEditReport(ctx({ on: ['podeAnalisarRelatorio'] }), other(2))).toBe(false);
    expect([2, 3, 4].map((s) => canDeleteReport(ctx(), own(s)))).toEqual([true, false, false]);
    expect(canDeleteReport(ctx({ group: 'Administrador' }), other(4))).toBe(true);
  });
});
