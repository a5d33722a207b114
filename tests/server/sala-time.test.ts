import { describe, expect, it } from 'vitest';
import { SALA_TIME_MESSAGES, type TimeRoom } from '../../src/domain/sala-time.ts';
import { useSalaApp } from './sala-rooms.ts';

/**
 * The time room (issue 29 item 6) against the real app: entering and importing times, the averages
 * by service and month, the municipality gate, tenant isolation, and the public panel by hash that
 * shows the averages and the municipality's name only, and stops when revoked.
 */
const BASE = '/api/salatempo';
const { call, places } = useSalaApp();

const time = (municipioId: number, overrides: Record<string, unknown> = {}) => ({
  municipioId,
  servico: 'Abertura de empresa',
  data: '2026-02-10',
  duracaoMinutos: 2880,
  observacao: 'Documentação completa',
  ...overrides,
});

describe('the time room', () => {
  it('enters, imports, updates and deletes times, with averages by service and by month', async () => {
    const created = await call('POST', `${BASE}/cadastrar-tempo`, 'admin', time(places.lages));
    expect(created.statusCode, created.body).toBe(201);
    const imported = await call('POST', `${BASE}/importar-tempos`, 'admin', {
      municipioId: places.lages,
      linhas: [
        { servico: 'Abertura de empresa', data: '2026-02-20', duracaoMinutos: 1440 },
        { servico: 'Formalização de MEI', data: '2026-03-01', duracaoMinutos: 30 },
        { servico: 'Formalização de MEI', data: '2026-03-02', duracaoMinutos: 50 },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ importados: 3 });

    let room = (await call('GET', `${BASE}/obter-tempo-por-municipio/${places.lages}`, 'admin')).json() as TimeRoom;
    expect(room.registros).toHaveLength(4);
    expect(room.medias.porServico).toEqual([
      { servico: 'Abertura de empresa', atendimentos: 2, mediaMinutos: 2160 },
      { servico: 'Formalização de MEI', atendimentos: 2, mediaMinutos: 40 },
    ]);
    expect(room.medias.porMes).toEqual([
      { mes: '2026-02', atendimentos: 2, mediaMinutos: 2160 },
      { mes: '2026-03', atendimentos: 2, mediaMinutos: 40 },
    ]);

    const id = created.json().salaTempoId;
    const updated = await call('PUT', `${BASE}/atualizar-tempo`, 'admin', {
      ...time(places.lages, { duracaoMinutos: 1440 }),
      salaTempoId: id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('DELETE', `${BASE}/${id}`, 'admin')).statusCode).toBe(204);
    room = (await call('GET', `${BASE}/obter-tempo-por-municipio/${places.lages}`, 'admin')).json() as TimeRoom;
    expect(room.medias.geral).toEqual({ atendimentos: 3, mediaMinutos: 506.7 });
  });

  it('imports every line or none: one bad line refuses the whole sheet with its reason', async () => {
    const res = await call('POST', `${BASE}/importar-tempos`, 'sala', {
      municipioId: places.chapeco,
      linhas: [time(places.chapeco), { ...time(places.chapeco), duracaoMinutos: 0 }].map(({ municipioId: _m, ...l }) => l),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(SALA_TIME_MESSAGES.duracaoInvalida);
    const empty = await call('POST', `${BASE}/importar-tempos`, 'sala', { municipioId: places.chapeco, linhas: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(SALA_TIME_MESSAGES.importacaoVazia);
  });

  it('refuses malformed input with a 400 in Portuguese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ servico: 'Corte de cabelo' }, SALA_TIME_MESSAGES.servicoInvalido],
      [{ duracaoMinutos: -5 }, SALA_TIME_MESSAGES.duracaoInvalida],
      [{ duracaoMinutos: 'muito' }, SALA_TIME_MESSAGES.duracaoInvalida],
      [{ data: '2026-13' }, 'Data inválida'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', `${BASE}/cadastrar-tempo`, 'sala', time(places.chapeco, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(overrides)).toContain(message);
    }
  });

  it('keeps users to their own room and tenants apart', async () => {
    const other = (await call('POST', `${BASE}/cadastrar-tempo`, 'admin', time(places.florianopolis))).json();
    expect((await call('GET', `${BASE}/obter-tempo-por-municipio/${places.florianopolis}`, 'sala')).statusCode).toBe(404);
    expect(
      (await call('POST', `${BASE}/importar-tempos`, 'sala', { municipioId: places.florianopolis, linhas: [time(0)] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `${BASE}/atualizar-tempo`, 'sala', { ...time(places.chapeco), salaTempoId: other.salaTempoId })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${BASE}/${other.salaTempoId}`, 'sala')).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/painel/${places.florianopolis}`, 'sala')).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${other.salaTempoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/obter-tempo-por-municipio/${places.chapeco}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('the public panel (/sala-tempo)', () => {
  it('shows the averages and the name only, by the current hash, and nothing once revoked', async () => {
    const shared = await call('PUT', `${BASE}/painel/${places.chapeco}`, 'sala');
    expect(shared.statusCode, shared.body).toBe(200);
    const hash: string = shared.json().painelHash;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('GET', `${BASE}/obter-tempo-por-municipio/${places.chapeco}`, 'sala')).json().painelHash).toBe(hash);

    const panel = await call('GET', `${BASE}/painel-publico/${hash}`, null);
    expect(panel.statusCode, panel.body).toBe(200);
    expect(Object.keys(panel.json()).sort()).toEqual(['medias', 'municipio']);
    expect(panel.json().municipio).toEqual({ nome: 'Chapecó', uf: 'SC' });
    expect(panel.json().medias.porMes.length).toBeGreaterThanOrEqual(12);
    // Neither rows nor observations nor ids leave the room.
    expect(panel.body).not.toContain('salaTempoId');
    expect(panel.body).not.toContain('observacao');
    expect(panel.body).not.toContain('municipioId');

    expect((await call('GET', `${BASE}/painel-publico/${hash}`, null, undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/painel-publico/${'B'.repeat(32)}`, null)).statusCode).toBe(404);

    const again = (await call('PUT', `${BASE}/painel/${places.chapeco}`, 'sala')).json().painelHash;
    expect(again).not.toBe(hash);
    expect((await call('GET', `${BASE}/painel-publico/${hash}`, null)).statusCode).toBe(404);
    const revoked = await call('DELETE', `${BASE}/painel/${places.chapeco}`, 'sala');
    expect(revoked.json()).toEqual({ painelHash: null });
    const gone = await call('GET', `${BASE}/painel-publico/${again}`, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SALA_TIME_MESSAGES.painelNaoEncontrado);
  });
});
