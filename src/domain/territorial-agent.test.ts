import { describe, expect, it } from 'vitest';
import { axisScores, percent, radarPoints, solutionStatus } from './territorial-agent.ts';

describe('territorial agent scores', () => {
  it('scores each axis as the points of its Sim answers over the points of all its questions', () => {
    const axes = [
      { eixoId: 1, nome: 'Gestão' },
      { eixoId: 2, nome: 'Crédito' },
      { eixoId: 3, nome: 'Vazio' },
    ];
    const result = axisScores(axes, [
      { eixoId: 1, pontos: 10, resposta: true },
      { eixoId: 1, pontos: 20, resposta: false },
      { eixoId: 1, pontos: 30, resposta: null },
      { eixoId: 2, pontos: 5, resposta: true },
    ]);
    expect(result.eixos.map((e) => [e.nome, e.pontosObtidos, e.pontosPossiveis, e.respondidas, e.perguntas, e.percentual])).toEqual([
      ['Gestão', 10, 60, 2, 3, 17],
      ['Crédito', 5, 5, 1, 1, 100],
      ['Vazio', 0, 0, 0, 0, 0],
    ]);
    expect([result.pontosObtidos, result.pontosPossiveis, result.percentual]).toEqual([15, 65, 23]);
  });

  it('keeps percentages whole, 0 without points, never above 100', () => {
    expect([percent(1, 3), percent(2, 3), percent(0, 0), percent(5, 4)]).toEqual([33, 67, 0, 100]);
  });

  it('places the radar vertices clockwise from the top at their share of the radius', () => {
    expect(radarPoints([100, 50, 0, 100], 100, 200)).toEqual([
      { x: 200, y: 100 },
      { x: 250, y: 200 },
      { x: 200, y: 200 },
      { x: 100, y: 200 },
    ]);
  });

  it('says a solution is done, in progress, not started or disabled from its flags and tasks', () => {
    const flags = { desabilitado: false, finalizada: false, iniciada: false };
    const task = (cumprida: boolean, horasUtilizadas = 0, desabilitada = false) => ({ cumprida, horasUtilizadas, desabilitada });
    expect(solutionStatus(flags, [task(false)])).toBe('Não iniciada');
    expect(solutionStatus(flags, [task(false, 2)])).toBe('Em andamento');
    expect(solutionStatus(flags, [task(true), task(false, 0, true)])).toBe('Concluída');
    expect(solutionStatus({ ...flags, iniciada: true }, [])).toBe('Em andamento');
    expect(solutionStatus({ ...flags, desabilitado: true }, [task(true)])).toBe('Desabilitada');
  });
});
