import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_MESSAGES, taskRequiredMessage, type Meeting, type MeetingListItem } from '../../src/domain/meetings.ts';
import {
  configuracao,
  encontro,
  membro,
  municipio,
  municipioGrupo,
  municipioTarefa,
  relatorio,
  usuario,
  usuarioGrupo,
} from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

let t: TestApp;

/** Seeded municipalities of tenant sc by name: condutor@ holds roles in Florianópolis, Joinville and Chapecó only. */
const city: Record<string, number> = {};
type CityRefs = { grupos: number[]; tarefas: { id: number; solucaoId: number }[]; membros: number[] };
const refs: Record<string, CityRefs> = {};

const token = demoSignIns(() => t);

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user = 'admin',
  payload?: unknown,
  tenant = 'sc',
  headers = {},
) {
  return t.app.inject({
    method,
    url: `/api/calendario${url}`,
    headers: { ...authHeaders(await token(user, tenant), tenant), ...headers },
    payload: payload as never,
  });
}

function meetingInput(overrides: Record<string, unknown> = {}, name = 'Florianópolis') {
  const r = refs[name]!;
  return {
    municipioId: city[name],
    grupoId: r.grupos[0],
    inicioString: '2027-03-10T14:00',
    fimString: '2027-03-10T16:30',
    encontroType: 'encontro',
    titulo: 'Encontro de planejamento',
    local: 'Sala do Empreendedor',
    solucoes: [],
    tarefas: [{ municipioTarefaId: r.tarefas[0]!.id }],
    convidados: [
      { membroId: r.membros[0], confirmado: true },
      { membroId: r.membros[1], confirmado: false },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, user = 'condutor', name = 'Florianópolis'): Promise<Meeting> {
  const res = await call('POST', '/encontro', user, meetingInput(overrides, name));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setGroupFlag(groupName: string, values: Partial<typeof usuarioGrupo.$inferInsert>) {
  await t.db
    .update(usuarioGrupo)
    .set(values)
    .where(and(eq(usuarioGrupo.tenantId, 'sc'), eq(usuarioGrupo.nome, groupName)));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.select().from(municipio).where(eq(municipio.tenantId, 'sc'))) city[m.nome] = m.municipioId;
  for (const [nome, municipioId] of Object.entries(city)) {
    const grupos = await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, municipioId));
    const tarefas = await t.db.select().from(municipioTarefa).where(eq(municipioTarefa.municipioId, municipioId));
    const membros = await t.db.select().from(membro).where(eq(membro.municipioId, municipioId));
    refs[nome] = {
      grupos: grupos.map((g) => g.grupoId),
      tarefas: tarefas.map((x) => ({ id: x.municipioTarefaId, solucaoId: x.municipioSolucaoId })),
      membros: membros.map((x) => x.membroId),
    };
  }
});
afterAll(async () => t?.close());

describe('POST/PUT/GET/DELETE /api/calendario/encontro', () => {
  it('creates a meeting in São Paulo time with its group, type, solutions of the event, tasks and guests', async () => {
    const r = refs['Florianópolis']!;
    const otherSolution = r.tarefas.find((x) => x.solucaoId !== r.tarefas[0]!.solucaoId)!.solucaoId;
    const meeting = await create({ solucoes: [{ municipioSolucaoId: otherSolution }], encontroType: 'visita' });
    expect(meeting).toMatchObject({
      municipioId: city['Florianópolis'],
      grupoId: r.grupos[0],
      encontroType: 'visita',
      titulo: 'Encontro de planejamento',
      local: 'Sala do Empreendedor',
      inicio: '2027-03-10T17:00:00.000Z',
      fim: '2027-03-10T19:30:00.000Z',
      inicioString: '2027-03-10T14:00',
      fimString: '2027-03-10T16:30',
      temRelatorio: false,
      convidados: [
        { membroId: r.membros[0], confirmado: true },
        { membroId: r.membros[1], confirmado: false },
      ],
    });
    expect(meeting.tarefas.map((x) => x.municipioTarefaId)).toEqual([r.tarefas[0]!.id]);
    // The task's solution joins the ones picked for the event.
    expect(meeting.solucoes.map((s) => s.municipioSolucaoId).sort()).toEqual([otherSolution, r.tarefas[0]!.solucaoId].sort());
    expect(meeting.grupoData).toMatch(/ - 10\/03\/2027 14:00$/);
    const [author] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    expect(meeting).toMatchObject({ criadoPorId: author!.usuarioId, criadoPorNome: author!.nome });

    const read = await call('GET', `/encontro/${meeting.encontroId}`, 'analista');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(meeting);
  });

  it('accepts the DD/MM/YYYY HH:mm spelling too', async () => {
    const meeting = await create({ inicioString: '11/03/2027 08:00', fimString: '11/03/2027 09:15' });
    expect([meeting.inicio, meeting.fimString]).toEqual(['2027-03-11T11:00:00.000Z', '2027-03-11T09:15']);
  });

  it('replaces fields, tasks and guests on PUT and refuses moving the meeting to another municipality', async () => {
    const r = refs['Florianópolis']!;
    const meeting = await create();
    const update = {
      ...meetingInput(),
      encontroId: meeting.encontroId,
      grupoId: r.grupos[1],
      inicioString: '2027-03-12T09:00',
      fimString: '2027-03-12T11:00',
      titulo: null,
      tarefas: [{ municipioTarefaId: r.tarefas[1]!.id }, { municipioTarefaId: r.tarefas[2]!.id }],
      convidados: [{ membroId: r.membros[2], confirmado: true }],
    };
    const res = await call('PUT', '/encontro', 'condutor', update);
    expect(res.statusCode, res.body).toBe(200);
    const body: Meeting = res.json();
    expect(body).toMatchObject({ encontroId: meeting.encontroId, grupoId: r.grupos[1], titulo: null, inicioString: '2027-03-12T09:00' });
    expect(body.tarefas.map((x) => x.municipioTarefaId).sort()).toEqual([r.tarefas[1]!.id, r.tarefas[2]!.id].sort());
    expect(body.convidados).toEqual([{ membroId: r.membros[2], confirmado: true }]);

    const moved = await call('PUT', '/encontro', 'admin', {
      ...update,
      municipioId: city['Joinville'],
      grupoId: refs['Joinville']!.grupos[0],
      tarefas: [],
      convidados: [],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('O encontro não pode mudar de município.');
  });

  it('deletes a meeting, then answers 404 for it', async () => {
    const meeting = await create();
    const res = await call('DELETE', `/encontro/${meeting.encontroId}`, 'condutor');
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/encontro/${meeting.encontroId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/encontro/${meeting.encontroId}`)).statusCode).toBe(404);
  });

  it('creates once under an Idempotency-Key replay', async () => {
    const before = await t.db.$count(encontro, eq(encontro.municipioId, city['Florianópolis']!));
    const headers = { 'idempotency-key': 'calendar-test-replay-1' };
    const payload = meetingInput({ inicioString: '2027-04-01T10:00', fimString: '2027-04-01T11:00' });
    const first = await call('POST', '/encontro', 'condutor', payload, 'sc', headers);
    const second = await call('POST', '/encontro', 'condutor', payload, 'sc', headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json().encontroId).toBe(first.json().encontroId);
    expect(await t.db.$count(encontro, eq(encontro.municipioId, city['Florianópolis']!))).toBe(before + 1);
  });
});

describe('bad input answers 400 in pt-BR', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['end before start', { fimString: '2027-03-10T13:00' }, MEETING_MESSAGES.fimAntesDoInicio],
    ['impossible date', { inicioString: '31/02/2027 10:00' }, MEETING_MESSAGES.inicioInvalido],
    ['no group', { grupoId: null }, MEETING_MESSAGES.grupoObrigatorio],
    ['unknown type', { encontroType: 'churrasco' }, MEETING_MESSAGES.tipoInvalido],
  ];
  for (const [name, overrides, message] of cases) {
    it(name, async () => {
      const res = await call('POST', '/encontro', 'condutor', meetingInput(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });
  }

  it('refuses a group, task, solution or guest of another municipality', async () => {
    const other = refs['Joinville']!;
    const checks: [Record<string, unknown>, string][] = [
      [{ grupoId: other.grupos[0] }, MEETING_MESSAGES.grupoDeOutroMunicipio],
      [{ tarefas: [{ municipioTarefaId: other.tarefas[0]!.id }] }, MEETING_MESSAGES.tarefaDeOutroMunicipio],
      [{ solucoes: [{ municipioSolucaoId: other.tarefas[0]!.solucaoId }] }, MEETING_MESSAGES.solucaoDeOutroMunicipio],
      [{ convidados: [{ membroId: other.membros[0], confirmado: false }] }, MEETING_MESSAGES.convidadoDeOutroMunicipio],
    ];
    for (const [overrides, message] of checks) {
      const res = await call('POST', '/encontro', 'condutor', meetingInput(overrides));
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });
});

describe('podeCriarEventoSemTarefaCalendario', () => {
  it('lets a meeting go without tasks while on, and requires one once the configuration turns it off', async () => {
    await create({ tarefas: [] });
    await t.db.update(configuracao).set({ podeCriarEventoSemTarefaCalendario: false }).where(eq(configuracao.tenantId, 'sc'));
    try {
      const res = await call('POST', '/encontro', 'condutor', meetingInput({ tarefas: [] }));
      expect([res.statusCode, res.json().message]).toEqual([400, taskRequiredMessage()]);
      // Editing is held to the same rule.
      const existing = await create();
      const put = await call('PUT', '/encontro', 'condutor', { ...meetingInput({ tarefas: [] }), encontroId: existing.encontroId });
      expect(put.statusCode).toBe(400);
      // The full admin bypasses every flag.
      await create({ tarefas: [] }, 'admin');
    } finally {
      await t.db.update(configuracao).set({ podeCriarEventoSemTarefaCalendario: true }).where(eq(configuracao.tenantId, 'sc'));
    }
  });
});

describe('permissions and tenant isolation', () => {
  it('lets only calendar tab holders read and write the city calendar', async () => {
    const meeting = await create();
    // Analysts see Florianópolis but have no calendar tab: the tab's data is closed to them too (issue 13 item 9).
    expect((await call('GET', `/encontro/get-by-municipio/${city['Florianópolis']}`, 'analista')).statusCode).toBe(403);
    const post = await call('POST', '/encontro', 'analista', meetingInput());
    expect([post.statusCode, post.json().message]).toEqual([403, MEETING_MESSAGES.semPermissaoCalendario]);
    expect((await call('PUT', '/encontro', 'analista', { ...meetingInput(), encontroId: meeting.encontroId })).statusCode).toBe(403);
    expect((await call('DELETE', `/encontro/${meeting.encontroId}`, 'analista')).statusCode).toBe(403);
    // The municipality member sees the capital through a solutions permission, without the tab either.
    expect((await call('POST', '/encontro', 'membro', meetingInput())).statusCode).toBe(403);
  });

  it('answers 404 for municipalities and meetings the user cannot see', async () => {
    const itajai = await create({}, 'admin', 'Itajaí');
    expect((await call('POST', '/encontro', 'condutor', meetingInput({}, 'Itajaí'))).statusCode).toBe(404);
    expect((await call('GET', `/encontro/${itajai.encontroId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('GET', `/encontro/obter-nome/${itajai.encontroId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('DELETE', `/encontro/${itajai.encontroId}`, 'condutor')).statusCode).toBe(404);
    expect((await call('GET', `/encontro/get-by-municipio/${city['Itajaí']}`, 'condutor')).statusCode).toBe(404);
    expect((await call('POST', '/encontro/get-by-filtro', 'condutor', { municipioId: city['Itajaí'] })).statusCode).toBe(404);
  });

  it('never shows one tenant the other tenant’s meetings and events', async () => {
    const meeting = await create();
    expect((await call('GET', `/encontro/${meeting.encontroId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('PUT', '/encontro', 'admin', { ...meetingInput(), encontroId: meeting.encontroId }, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/encontro/${meeting.encontroId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    const names = await call('POST', '/encontro/obter-nomes', 'admin', { encontroIds: [meeting.encontroId] }, 'ms');
    expect(names.json()).toEqual([]);
    const search = await call('POST', '/encontro/get-encontro-by-filtro', 'admin', { inicio: '2027-03-10', fim: '2027-03-10' }, 'ms');
    expect((search.json() as MeetingListItem[]).some((m) => m.encontroId === meeting.encontroId)).toBe(false);
    // A token of one tenant is refused by the other.
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/calendario/encontro/${meeting.encontroId}`,
      headers: authHeaders(await token('admin'), 'ms'),
    });
    expect(crossed.statusCode).toBe(401);

    const event = await call('POST', '/evento', 'admin', {
      titulo: 'Só de SC',
      inicioString: '2027-05-01T10:00',
      fimString: '2027-05-01T11:00',
    });
    expect((await call('GET', `/evento/${event.json().eventoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `/evento/${event.json().eventoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
  });
});

describe('lists and names', () => {
  it('filters one municipality by period (São Paulo days), group and type', async () => {
    const r = refs['Joinville']!;
    const late = await create(
      { grupoId: r.grupos[0], tarefas: [], convidados: [], inicioString: '2027-06-30T23:30', fimString: '2027-07-01T00:30' },
      'condutor',
      'Joinville',
    );
    const early = await create(
      {
        grupoId: r.grupos[1],
        tarefas: [],
        convidados: [],
        inicioString: '2027-07-01T00:00',
        fimString: '2027-07-01T01:00',
        encontroType: 'capacitacao',
      },
      'condutor',
      'Joinville',
    );
    const ids = async (filter: Record<string, unknown>) => {
      const res = await call('POST', '/encontro/get-by-filtro', 'condutor', { municipioId: city['Joinville'], ...filter });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Meeting[]).map((m) => m.encontroId);
    };
    // 23:30 on 30/06 in São Paulo is already 1 July in UTC: it still belongs to June.
    expect(await ids({ inicio: '2027-06-30', fim: '2027-06-30' })).toEqual([late.encontroId]);
    expect(await ids({ inicio: '2027-07-01', fim: '2027-07-01' })).toEqual([early.encontroId]);
    expect(await ids({ inicio: '2027-06-30', fim: '2027-07-01', grupoId: r.grupos[1] })).toEqual([early.encontroId]);
    expect(await ids({ inicio: '2027-06-30', fim: '2027-07-01', encontroType: 'encontro' })).toEqual([late.encontroId]);
    const bad = await call('POST', '/encontro/get-by-filtro', 'condutor', {
      municipioId: city['Joinville'],
      inicio: '2027-07-02',
      fim: '2027-07-01',
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'A data final deve ser igual ou posterior à inicial']);
  });

  it('searches across the municipalities the user sees, by municipality, group and consultant', async () => {
    const mine = await create({ inicioString: '2027-08-02T10:00', fimString: '2027-08-02T11:00' });
    const itajai = await create({ inicioString: '2027-08-02T10:00', fimString: '2027-08-02T11:00' }, 'admin', 'Itajaí');
    const search = async (user: string, filter: Record<string, unknown>) => {
      const res = await call('POST', '/encontro/get-encontro-by-filtro', user, { inicio: '2027-08-02', fim: '2027-08-02', ...filter });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as MeetingListItem[];
    };
    const forAdmin = await search('operacoes', {});
    expect(forAdmin.map((m) => m.encontroId).sort()).toEqual([mine.encontroId, itajai.encontroId].sort());
    expect(forAdmin.find((m) => m.encontroId === itajai.encontroId)?.municipioNome).toBe('Itajaí');
    // condutor@ holds no role in Itajaí: asking for it explicitly still returns nothing of it.
    expect((await search('condutor', {})).map((m) => m.encontroId)).toEqual([mine.encontroId]);
    expect(await search('condutor', { municipioIds: [city['Itajaí']] })).toEqual([]);
    expect((await search('operacoes', { usuarioIds: [mine.criadoPorId] })).map((m) => m.encontroId)).toEqual([mine.encontroId]);
    expect((await search('operacoes', { grupoIds: [refs['Itajaí']!.grupos[0]] })).map((m) => m.encontroId)).toEqual([itajai.encontroId]);
  });

  it('names meetings by group and date, leaving out the ones the user cannot see', async () => {
    const mine = await create({ inicioString: '2027-09-01T09:30', fimString: '2027-09-01T10:00' });
    const hidden = await create({}, 'admin', 'Itajaí');
    const one = await call('GET', `/encontro/obter-nome/${mine.encontroId}`, 'condutor');
    expect(one.json()).toEqual({ encontroId: mine.encontroId, nome: `${mine.grupoNome} - 01/09/2027 09:30` });
    const many = await call('POST', '/encontro/obter-nomes', 'condutor', { encontroIds: [mine.encontroId, hidden.encontroId, 999999] });
    expect((many.json() as { encontroId: number }[]).map((n) => n.encontroId)).toEqual([mine.encontroId]);
  });

  it('lists the meetings without a report, and keeps a meeting with a report from being deleted', async () => {
    const withReport = await create({ inicioString: '2027-10-01T09:00', fimString: '2027-10-01T10:00' });
    const without = await create({ inicioString: '2027-10-02T09:00', fimString: '2027-10-02T10:00' });
    const [author] = await t.db
      .select()
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
    await t.db.insert(relatorio).values({
      tenantId: 'sc',
      municipioId: city['Florianópolis']!,
      encontroId: withReport.encontroId,
      usuarioId: author!.usuarioId,
      titulo: 'Relatório do teste',
      descricao: '<p>Feito.</p>',
      codigoPublico: 'calendar-test-public-code',
    });
    const res = await call('GET', `/encontro/get-by-municipio-sem-relatorio/${city['Florianópolis']}`, 'condutor');
    const ids = (res.json() as Meeting[]).map((m) => m.encontroId);
    expect(ids).toContain(without.encontroId);
    expect(ids).not.toContain(withReport.encontroId);
    expect((await call('GET', `/encontro/${withReport.encontroId}`, 'condutor')).json().temRelatorio).toBe(true);
    const del = await call('DELETE', `/encontro/${withReport.encontroId}`, 'condutor');
    expect([del.statusCode, del.json().message]).toEqual([409, MEETING_MESSAGES.possuiRelatorio]);
    expect((await call('GET', `/encontro/get-by-municipio-sem-relatorio/${city['Itajaí']}`, 'condutor')).statusCode).toBe(404);
  });

  it('offers the municipality’s solutions and tasks for the dialog, only to who sees it', async () => {
    const res = await call('GET', `/encontro/opcoes/${city['Florianópolis']}`, 'condutor');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { solucoes: { municipioId: number }[]; tarefas: { municipioTarefaId: number; municipioId: number }[] };
    expect(body.tarefas.map((x) => x.municipioTarefaId).sort()).toEqual(refs['Florianópolis']!.tarefas.map((x) => x.id).sort());
    expect(body.solucoes.length).toBeGreaterThan(0);
    expect(body.solucoes.every((x) => x.municipioId === city['Florianópolis'])).toBe(true);
    expect((await call('GET', `/encontro/opcoes/${city['Itajaí']}`, 'condutor')).statusCode).toBe(404);
  });

  it('lists every meeting of the municipality with the seeded ones carrying their solutions', async () => {
    const res = await call('GET', `/encontro/get-by-municipio/${city['Chapecó']}`, 'condutor');
    const meetings = res.json() as Meeting[];
    expect(meetings.length).toBeGreaterThan(0);
    const withTasks = meetings.find((m) => m.tarefas.length > 0)!;
    expect(withTasks.solucoes.length).toBeGreaterThan(0);
  });
});

describe('POST /api/calendario/encontro/store-in-batch', () => {
  const datas = [
    { inicioString: '2027-11-03T09:00', fimString: '2027-11-03T11:00' },
    { inicioString: '2027-11-10T09:00', fimString: '2027-11-10T11:00' },
    { inicioString: '2027-11-17T09:00', fimString: '2027-11-17T11:00' },
  ];
  const batch = (overrides: Record<string, unknown> = {}) => ({ ...meetingInput(), uf: 'SC1', datas, ...overrides });

  it('creates one meeting per date with the same group, tasks and guests for an admin in SC1', async () => {
    const res = await call('POST', '/encontro/store-in-batch', 'administrador', batch());
    expect(res.statusCode, res.body).toBe(201);
    const { encontros } = res.json() as { encontros: Meeting[] };
    expect(encontros.map((m) => m.inicioString)).toEqual(datas.map((d) => d.inicioString));
    expect(new Set(encontros.map((m) => m.grupoId)).size).toBe(1);
    for (const m of encontros) expect(m.convidados).toHaveLength(2);
  });

  it('exists only in SC1, and only on a database that serves SC1', async () => {
    const sc = await call('POST', '/encontro/store-in-batch', 'admin', batch({ uf: 'SC' }));
    expect([sc.statusCode, sc.json().message]).toEqual([403, MEETING_MESSAGES.loteSomenteSc1]);
    const [msCity] = await t.db.select().from(municipio).where(eq(municipio.tenantId, 'ms')).limit(1);
    const ms = await call('POST', '/encontro/store-in-batch', 'admin', { ...batch(), municipioId: msCity!.municipioId }, 'ms');
    expect([ms.statusCode, ms.json().message]).toEqual([403, MEETING_MESSAGES.loteSomenteSc1]);
  });

  it('is refused to conductors and operations staff, and to a specialist whose group lacks the tab; allowed to a specialist of the municipality', async () => {
    for (const user of ['condutor', 'operacoes']) {
      const res = await call('POST', '/encontro/store-in-batch', user, batch());
      expect([user, res.statusCode, res.json().message]).toEqual([user, 403, MEETING_MESSAGES.loteSemPermissao]);
    }
    // The demo Consultor group has the tab (seed): a specialist of the municipality may.
    const specialist = await call('POST', '/encontro/store-in-batch', 'especialista', batch());
    expect(specialist.statusCode, specialist.body).toBe(201);
    // condutor@ is in the same group, but a conductor, not a specialist.
    expect((await call('POST', '/encontro/store-in-batch', 'condutor', batch())).statusCode).toBe(403);
    // especialista@ has no role in Chapecó at all.
    expect((await call('POST', '/encontro/store-in-batch', 'especialista', batch({ municipioId: city['Chapecó'] }))).statusCode).toBe(404);
    await setGroupFlag('Consultor', { verAbaEventoEmLote: false });
    try {
      const res = await call('POST', '/encontro/store-in-batch', 'especialista', batch());
      expect([res.statusCode, res.json().message]).toEqual([403, MEETING_MESSAGES.loteSemPermissao]);
    } finally {
      await setGroupFlag('Consultor', { verAbaEventoEmLote: true });
    }
  });

  it('creates all the dates or none', async () => {
    const before = await t.db.$count(encontro, eq(encontro.municipioId, city['Florianópolis']!));
    const res = await call(
      'POST',
      '/encontro/store-in-batch',
      'admin',
      batch({ tarefas: [{ municipioTarefaId: refs['Joinville']!.tarefas[0]!.id }] }),
    );
    expect(res.statusCode).toBe(400);
    const backwards = await call(
      'POST',
      '/encontro/store-in-batch',
      'admin',
      batch({ datas: [...datas, { inicioString: '2027-11-24T11:00', fimString: '2027-11-24T10:00' }] }),
    );
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, MEETING_MESSAGES.fimAntesDoInicio]);
    expect(await t.db.$count(encontro, eq(encontro.municipioId, city['Florianópolis']!))).toBe(before);
  });
});

describe('api/calendario/evento (admins only)', () => {
  it('lets admins create, read, update, filter and delete programme events', async () => {
    const created = await call('POST', '/evento', 'administrador', {
      titulo: 'Oficina de compras públicas',
      descricao: 'Para fornecedores locais.',
      local: 'Câmara de Dirigentes Lojistas',
      inicioString: '2027-05-20T09:00',
      fimString: '2027-05-20T12:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({
      titulo: 'Oficina de compras públicas',
      inicio: '2027-05-20T12:00:00.000Z',
      diaInteiro: false,
      inicioString: '2027-05-20T09:00',
    });
    expect(event.criadoPorNome).toBeTruthy();

    const updated = await call('PUT', '/evento', 'admin', {
      ...event,
      titulo: 'Oficina de compras públicas (2ª edição)',
      diaInteiro: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ eventoId: event.eventoId, titulo: 'Oficina de compras públicas (2ª edição)', diaInteiro: true });
    expect((await call('GET', `/evento/${event.eventoId}`)).json().titulo).toBe('Oficina de compras públicas (2ª edição)');

    const filtered = await call('POST', '/evento/get-by-filtro', 'admin', { titulo: 'compras', inicio: '2027-05-20', fim: '2027-05-20' });
    expect((filtered.json() as { eventoId: number }[]).map((e) => e.eventoId)).toEqual([event.eventoId]);
    const outside = await call('POST', '/evento/get-by-filtro', 'admin', { titulo: 'compras', inicio: '2027-05-21' });
    expect(outside.json()).toEqual([]);
    expect(((await call('GET', '/evento')).json() as { eventoId: number }[]).some((e) => e.eventoId === event.eventoId)).toBe(true);

    expect((await call('DELETE', `/evento/${event.eventoId}`)).statusCode).toBe(204);
    expect((await call('GET', `/evento/${event.eventoId}`)).statusCode).toBe(404);
    expect((await call('PUT', '/evento', 'admin', { ...event })).statusCode).toBe(404);
  });

  it('has the seeded programme events', async () => {
    const res = await call('POST', '/evento/get-by-filtro', 'admin', { titulo: 'Semana Global' });
    expect(res.json()).toEqual([expect.objectContaining({ titulo: 'Semana Global do Empreendedorismo', diaInteiro: true })]);
  });

  it('refuses every call to non-admins', async () => {
    const [seeded] = (await call('GET', '/evento')).json() as { eventoId: number }[];
    const input = { titulo: 'X', inicioString: '2027-05-20T09:00', fimString: '2027-05-20T10:00' };
    for (const user of ['condutor', 'operacoes', 'analista']) {
      const responses = [
        await call('GET', '/evento', user),
        await call('GET', `/evento/${seeded!.eventoId}`, user),
        await call('POST', '/evento/get-by-filtro', user, {}),
        await call('POST', '/evento', user, input),
        await call('PUT', '/evento', user, { ...input, eventoId: seeded!.eventoId }),
        await call('DELETE', `/evento/${seeded!.eventoId}`, user),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(responses[0]!.json().message).toBe('Apenas administradores podem realizar esta ação.');
    }
  });

  it('answers bad input with 400 in pt-BR', async () => {
    const noTitle = await call('POST', '/evento', 'admin', {
      titulo: ' ',
      inicioString: '2027-05-20T09:00',
      fimString: '2027-05-20T10:00',
    });
    expect([noTitle.statusCode, noTitle.json().message]).toEqual([400, MEETING_MESSAGES.tituloObrigatorio]);
    const backwards = await call('POST', '/evento', 'admin', {
      titulo: 'A',
      inicioString: '2027-05-20T09:00',
      fimString: '2027-05-20T08:00',
    });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, MEETING_MESSAGES.fimAntesDoInicio]);
  });
});
