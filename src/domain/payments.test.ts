import { describe, expect, it } from 'vitest';
import { hoursOf, parsePeriod, PAYMENT_MESSAGES, paymentProcessProblem, SIGNATURE_LINK_DAYS, signatureLinkExpired } from './payments.ts';

type Checked = Parameters<typeof paymentProcessProblem>[0];

const ok: Checked = {
  relatorios: [1],
  relatoriosAdministrativos: [],
  codigoContratacao: 'CT-1',
  periodoRealizacao: '01/03/2025 - 31/03/2025',
  numero: '3',
  total: 100,
};
const context = { contrato: { inicio: '2025-01-01', fim: '2025-12-31' }, ultimoPeriodoFim: '2025-02-28' };
const problem = (input: Partial<Checked>) => paymentProcessProblem({ ...ok, ...input }, context)?.message ?? null;

describe('a payment process: the checks of spec §5 in their order', () => {
  it('says the first that fails, whatever else is missing', () => {
    expect(problem({ relatorios: [], codigoContratacao: '', numero: '' })).toBe(PAYMENT_MESSAGES.semRelatorios);
    expect(problem({ codigoContratacao: ' ', periodoRealizacao: '' })).toBe(PAYMENT_MESSAGES.semCodigo);
    expect(problem({ periodoRealizacao: '', numero: '' })).toBe(PAYMENT_MESSAGES.semPeriodo);
    expect(problem({ periodoRealizacao: '31/02/2025 - 31/03/2025', numero: '' })).toBe(PAYMENT_MESSAGES.periodoInvalido);
    expect(problem({ numero: '', total: null })).toBe(PAYMENT_MESSAGES.semNumero);
    expect(problem({ total: null })).toBe(PAYMENT_MESSAGES.semTotal);
    expect(problem({})).toBeNull();
  });

  it('takes an administrative report alone as something to bill', () => {
    expect(problem({ relatorios: [], relatoriosAdministrativos: [4] })).toBeNull();
  });

  it('refuses an end before the start, a period outside the contract and one not after the previous process', () => {
    expect(problem({ periodoRealizacao: '31/03/2025 - 01/03/2025' })).toBe(PAYMENT_MESSAGES.fimAntesDoInicio);
    expect(problem({ periodoRealizacao: '01/12/2025 - 05/01/2026' })).toBe(PAYMENT_MESSAGES.foraDoContrato);
    expect(problem({ periodoRealizacao: '28/02/2025 - 31/03/2025' })).toBe(PAYMENT_MESSAGES.antesDoUltimo);
  });
});

describe('the period and the hours', () => {
  it('reads dd/mm/yyyy - dd/mm/yyyy as two real days', () => {
    expect(parsePeriod('01/03/2025 - 31/03/2025')).toEqual({ inicio: '2025-03-01', fim: '2025-03-31' });
    expect(parsePeriod('01/03/2025-31/03/2025')).toEqual({ inicio: '2025-03-01', fim: '2025-03-31' });
    expect(parsePeriod('01/03/2025')).toBeNull();
    expect(parsePeriod('30/02/2025 - 31/03/2025')).toBeNull();
  });

  it('sums the reports’ horasTarefas and the administrative reports’ horas without float noise', () => {
    expect(hoursOf([{ horasTarefas: 0.1 }, { horasTarefas: 0.2 }], [{ horas: 1 }])).toBe(1.3);
    expect(hoursOf([], [])).toBe(0);
  });
});

describe('the signature link', () => {
  it(`works for ${SIGNATURE_LINK_DAYS} days after it was asked, not after`, () => {
    const asked = new Date('2026-03-01T12:00:00Z');
    expect(signatureLinkExpired(asked, new Date('2026-03-08T12:00:00Z'))).toBe(false);
    expect(signatureLinkExpired(asked, new Date('2026-03-08T12:00:01Z'))).toBe(true);
  });
});
