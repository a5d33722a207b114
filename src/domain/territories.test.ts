import { describe, expect, it } from 'vitest';
import { canChangeVisitStatus, solutionVisitCounts, visitInputSchema, TERRITORY_MESSAGES } from './territories.ts';

describe('visit status transitions', () => {
  it('plans, then does or cancels; a cancelled visit is planned again; a done one stays done', () => {
    expect(canChangeVisitStatus('planejada', 'realizada')).toBe(true);
    expect(canChangeVisitStatus('planejada', 'cancelada')).toBe(true);
    expect(canChangeVisitStatus('cancelada', 'planejada')).toBe(true);
    expect(canChangeVisitStatus('cancelada', 'realizada')).toBe(false);
    expect(canChangeVisitStatus('realizada', 'planejada')).toBe(false);
    expect(canChangeVisitStatus('realizada', 'cancelada')).toBe(false);
    expect(canChangeVisitStatus('realizada', 'realizada')).toBe(true);
  });

  it('a done visit needs its date', () => {
    const r = visitInputSchema.safeParse({ municipioId: 1, dataPrevista: '2026-11-10', status: 'realizada' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(TERRITORY_MESSAGES.doneDateRequired);
  });
});

describe('visits per solution', () => {
  it('counts planned (not cancelled) and done visits and the hours done against the targets', () => {
    const solutions = [{ municipioSolucaoId: 7, nome: 'Consultoria', visitasPresenciais: 3, horasPrevistasVisitasPresenciais: 12 }];
    const counts = solutionVisitCounts(solutions, [
      { municipioSolucaoId: 7, status: 'realizada', horas: 4 },
      { municipioSolucaoId: 7, status: 'realizada', horas: 2.5 },
      { municipioSolucaoId: 7, status: 'planejada', horas: 4 },
      { municipioSolucaoId: 7, status: 'cancelada', horas: 0 },
      { municipioSolucaoId: null, status: 'realizada', horas: 9 },
    ]);
    expect(counts).toEqual([{ ...solutions[0], planejadas: 3, realizadas: 2, horasRealizadas: 6.5 }]);
  });
});
