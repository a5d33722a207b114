import { describe, expect, it } from 'vitest';
import { SALA_COST_MESSAGES, type CostRoom } from '../../src/domain/sala-cost.ts';
import { useSalaApp } from './sala-rooms.ts';

/**
 * The cost room (issue 29 item 5) against the real app: CRUD, the totals by category, month and
 * service with the cost per delivery from the time room, the municipality gate and tenant isolation.
 */
const BASE = '/api/salacusto';
const { call, places } = useSalaApp();

const cost = (municipioId: number, overrides: Record<string, unknown> = {}) => ({
  municipioId,
  categoria: 'material',
  servico: null,
  descricao: 'Papel e toner',
  data: '2026-03-10',
  valor: 12_345,
  ...overrides,
});

describe('the cost room', () => {
  it('creates, updates and deletes a cost and answers the room with its totals', async () => {
    const created = await call('POST', `${BASE}/cadastrar-custo`, 'admin', cost(places.lages));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().salaCustoId;
    const updated = await call('PUT', `${BASE}/atualizar-custo`, 'admin', { ...cost(places.lages, { valor: 20_000 }), salaCustoId: id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().valor).toBe(20_000);

    const room = (await call('GET', `${BASE}/obter-custo-por-municipio/${places.lages}`, 'admin')).json() as CostRoom;
    expect(room.custos.map((c) => c.salaCustoId)).toEqual([id]);
    expect(room.resumo).toEqual({
      total: 20_000,
      porCategoria: [{ categoria: 'material', total: 20_000 }],
      porMes: [{ mes: '2026-03', total: 20_000 }],
      porServico: [],
    });

    expect((await call('DELETE', `${BASE}/${id}`, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/obter-custo-por-municipio/${places.lages}`, 'admin')).json().custos).toEqual([]);
  });

  it('divides a service’s costs by the deliveries the time room recorded in the same months', async () => {
    const service = 'Emissão de nota fiscal';
    for (const [data, valor] of [
      ['2026-04-02', 30_000],
      ['2026-05-02', 15_000],
    ] as const)
      await call('POST', `${BASE}/cadastrar-custo`, 'admin', cost(places.lages, { categoria: 'pessoal', servico: service, data, valor }));
    // Three deliveries in April and May, one in June (a month without costs of the service: not counted).
    await call('POST', '/api/salatempo/importar-tempos', 'admin', {
      municipioId: places.lages,
      linhas: ['2026-04-10', '2026-04-20', '2026-05-03', '2026-06-01'].map((data) => ({ servico: service, data, duracaoMinutos: 30 })),
    });
    const room = (await call('GET', `${BASE}/obter-custo-por-municipio/${places.lages}`, 'admin')).json() as CostRoom;
    expect(room.resumo.porServico).toEqual([{ servico: service, total: 45_000, atendimentos: 3, custoPorAtendimento: 15_000 }]);
    expect(room.resumo.porMes).toEqual([
      { mes: '2026-04', total: 30_000 },
      { mes: '2026-05', total: 15_000 },
    ]);
  });

  it('shows a year of demo costs in the seeded room', async () => {
    const room = (await call('GET', `${BASE}/obter-custo-por-municipio/${places.chapeco}`, 'sala')).json() as CostRoom;
    expect(room.resumo.porMes).toHaveLength(12);
    expect(room.resumo.total).toBe(room.custos.reduce((sum, c) => sum + c.valor, 0));
    expect(room.resumo.porServico.every((s) => s.custoPorAtendimento !== null)).toBe(true);
  });

  it('refuses malformed input with a 400 in Portuguese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ valor: 0 }, SALA_COST_MESSAGES.valorInvalido],
      [{ valor: -10 }, SALA_COST_MESSAGES.valorInvalido],
      [{ valor: 10.25 }, SALA_COST_MESSAGES.valorInvalido],
      [{ categoria: 'viagem' }, SALA_COST_MESSAGES.categoriaInvalida],
      [{ servico: 'Astrologia' }, 'Escolha um serviço da lista.'],
      [{ descricao: '' }, 'A descrição é obrigatória'],
      [{ data: 'ontem' }, 'Data inválida'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', `${BASE}/cadastrar-custo`, 'sala', cost(places.chapeco, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(overrides)).toContain(message);
    }
  });

  it('keeps users to their own room and tenants apart', async () => {
    const other = (await call('POST', `${BASE}/cadastrar-custo`, 'admin', cost(places.florianopolis))).json();
    expect((await call('GET', `${BASE}/obter-custo-por-municipio/${places.florianopolis}`, 'sala')).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/cadastrar-custo`, 'sala', cost(places.florianopolis))).statusCode).toBe(404);
    const put = await call('PUT', `${BASE}/atualizar-custo`, 'sala', { ...cost(places.chapeco), salaCustoId: other.salaCustoId });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(SALA_COST_MESSAGES.naoEncontrado);
    expect((await call('DELETE', `${BASE}/${other.salaCustoId}`, 'sala')).statusCode).toBe(404);
    // Another tenant: the id and the municipality are unknown there.
    expect((await call('DELETE', `${BASE}/${other.salaCustoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/obter-custo-por-municipio/${places.florianopolis}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/obter-custo-por-municipio/${places.chapeco}`, null)).statusCode).toBe(401);
  });
});
