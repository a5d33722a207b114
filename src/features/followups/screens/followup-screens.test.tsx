// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAnswers, type Followup } from '../../../domain/followups.ts';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { followupAnswerKind, followupFinalizeKind } from '../../../entities/followups/kinds.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import type { OfflineDb } from '../../../offline/db.ts';
import { registerMutationKind } from '../../../offline/kinds.ts';
import { startOfflineRuntime, unsentCount } from '../../../offline/runtime.ts';
import { getOfflineDb } from '../../../offline/store.ts';
import { followupFixture } from '../../../offline/testing/followup-fixture.ts';
import { signIn } from '../../../session/store.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { FollowupAnswerScreen } from './followup-answer.tsx';
import { FollowupListScreen } from './followup-list.tsx';

/**
 * The follow-up screens on a tablet without connection (spec §2 "Follow-up list", "Follow-up
 * answering page"): everything comes from the device, as "Disponível offline" stored it, and each
 * answer waits in the outbox.
 */

const MUNICIPIO = 3;
const shown: Notification[] = [];
let db: OfflineDb;

/** The follow-up's creator (usuarioId 5), who may finalize, see points and create follow-ups. */
function member(): LoginResponse {
  const flags = { finalizarAcompanhamento: true, verPontosAcoesAcompanhamento: true, novoAcompanhamento: true };
  return {
    token: 'token-followups',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: {
      usuarioId: 5,
      nome: 'Marina Membro',
      email: 'marina@exemplo.com.br',
      cpf: null,
      administradorSistema: false,
      grupo: { grupoId: 3, nome: 'Membro', relatorioAdm: [], visualizaEixosIds: [], ...flags },
      permissoes: [],
      permissoesSolucoes: [],
    },
    config: flags,
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

function Where() {
  const location = useLocation();
  return <p>Em {location.pathname}</p>;
}

function renderAt(path: string) {
  const municipality = { municipioId: MUNICIPIO, nome: 'Joinville', uf: 'SC' } as MunicipalityDetail;
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cidade/:id" element={<Outlet context={{ municipality, reloadMunicipality: () => undefined }} />}>
          <Route path="acompanhamento" element={<FollowupListScreen />} />
          <Route path="acompanhamento/obter/:acompanhamento" element={<FollowupAnswerScreen />} />
          <Route path="pmd/:ids" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  registerMutationKind(followupAnswerKind);
  registerMutationKind(followupFinalizeKind);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  setNotificationSink((n) => shown.push(n));
  signIn(member());
  startOfflineRuntime();
  await unsentCount();
  db = getOfflineDb()!;
});

beforeEach(async () => {
  shown.length = 0;
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.filter((t) => t.name !== 'meta').map((t) => t.clear()));
  });
  await db.acompanhamentos.put({ ...inTwoPillars(followupFixture(40, MUNICIPIO, 6, { recurrent: [2] })), syncedAt: 1, pending: 0 });
});

/** Questions 1-3 in the pillar Ambiente de Negócios, 4-6 in Educação: each pillar holds both themes of the fixture. */
function inTwoPillars(followup: Followup): Followup {
  const perguntas = followup.perguntas.map((q) => {
    const [eixoId, eixoNome] = q.pergunta.numero <= 3 ? [1, 'Ambiente de Negócios'] : [2, 'Educação'];
    return { ...q, pergunta: { ...q.pergunta, tema: { ...q.pergunta.tema, eixoId, eixoNome } } };
  });
  return { ...followup, perguntas };
}

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

function question(numero: number) {
  return screen.getByText(new RegExp(`o município mantém a ação ${numero} em`)).closest('li') as HTMLElement;
}

describe('answering page offline', () => {
  it('shows the questions by pillar (spec §2) with points, and each tap at once; the answer waits in the outbox with its comment', async () => {
    const user = userEvent.setup();
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento/obter/40`);
    expect(await screen.findByRole('heading', { name: 'Eixo: Ambiente de Negócios' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Eixo: Ambiente de Negócios',
      'Eixo: Educação',
    ]);
    const pillar = (name: string) => screen.getByRole('region', { name: `Eixo: ${name}` });
    expect(within(pillar('Ambiente de Negócios')).getAllByRole('listitem')).toHaveLength(3);
    expect(within(pillar('Educação')).getAllByRole('listitem')).toHaveLength(3);
    expect(within(question(1)).getByText('2 pontos')).toBeTruthy();
    expect(within(question(1)).getByText('0 de 1000 caracteres')).toBeTruthy();

    await user.type(within(question(1)).getByRole('textbox', { name: 'Comentário da pergunta 1' }), 'Lei aprovada');
    expect(within(question(1)).getByText('12 de 1000 caracteres')).toBeTruthy();
    await user.click(within(question(1)).getByRole('button', { name: 'Sim' }));
    expect(within(question(1)).getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Sim: 1 · Não: 0 · Pontos: 2')).toBeTruthy();

    // Not recurrent: the answer is given for good in this follow-up.
    await waitFor(() => expect(within(question(1)).getByRole('button', { name: 'Não' })).toHaveProperty('disabled', true));
    expect(within(question(1)).getByText('Comentário: Lei aprovada')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'followup-answer',
      label: 'Resposta Sim à pergunta 1',
      request: {
        json: { acompanhamentoId: 40, respostas: [{ acompanhamentoPerguntaId: 40_001, resposta: true, comentario: 'Lei aprovada' }] },
      },
    });
    expect(await screen.findByText('Respostas aguardando envio')).toBeTruthy();
  });

  it('lets a recurrent question change its answer', async () => {
    const user = userEvent.setup();
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento/obter/40`);
    await screen.findByRole('heading', { name: 'Eixo: Ambiente de Negócios' }, SLOW);
    await user.click(within(question(2)).getByRole('button', { name: 'Sim' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    // Question 2 takes no comment, so none is sent (the server refuses one).
    expect((await db.outbox.toArray())[0]!.request.json).toEqual({
      acompanhamentoId: 40,
      respostas: [{ acompanhamentoPerguntaId: 40_002, resposta: true, comentario: null }],
    });
    await user.click(within(question(2)).getByRole('button', { name: 'Não' }));
    expect(within(question(2)).getByRole('button', { name: 'Não' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
  });

  it('filters by pillar from ?eixo=, the filter named in the variant’s words', async () => {
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento/obter/40?eixo=2`);
    expect(await screen.findByRole('heading', { name: 'Eixo: Educação' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Eixo: Ambiente de Negócios' })).toBeNull();
    const filter = screen.getByRole('combobox', { name: 'Eixo' }) as HTMLSelectElement;
    expect(filter.value).toBe('2');
    expect([...filter.options].map((o) => o.text)).toEqual(['Todos', 'Ambiente de Negócios', 'Educação']);
  });

  it('narrows to one theme from ?tema= (the diagnostic’s link), still under its pillar', async () => {
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento/obter/40?tema=2`);
    expect(await screen.findByRole('heading', { name: 'Eixo: Ambiente de Negócios' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['2.', '4.', '6.']);
  });

  it('finalizes after confirming the summary: queued after the answers, and nothing more can be answered', async () => {
    const user = userEvent.setup();
    const answered = applyAnswers(followupFixture(40, MUNICIPIO, 6), [{ acompanhamentoPerguntaId: 40_003, resposta: false }]).followup;
    await db.acompanhamentos.put({ ...answered, syncedAt: 1, pending: 0 });
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento/obter/40`);
    await user.click(await screen.findByRole('button', { name: 'Finalizar' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', { name: 'Finalizar acompanhamento' }, SLOW);
    expect(within(dialog).getByText('Sim: 0 · Não: 1 · Sem resposta: 5 · Pontos: 0')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(screen.getByText('Finalizado')).toBeTruthy(), SLOW);
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Sim' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['followup-finalize']);
  });
});

describe('follow-up list offline', () => {
  beforeEach(async () => {
    const older = {
      ...followupFixture(41, MUNICIPIO, 2),
      nome: 'Desburocratização',
      criacao: '2026-01-05T12:00:00.000Z',
      finalizado: true,
    };
    await db.acompanhamentos.put({ ...older, syncedAt: 1, pending: 0 });
  });

  it('lists the device’s follow-ups newest first with status, Sim/Não and points; the action plan opens the selected ones', async () => {
    const user = userEvent.setup();
    const answered = applyAnswers(followupFixture(40, MUNICIPIO, 6), [{ acompanhamentoPerguntaId: 40_001, resposta: true }]).followup;
    await db.acompanhamentos.put({ ...answered, syncedAt: 1, pending: 1 });
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento`);
    const table = await screen.findByRole('table', { name: 'Acompanhamentos' }, SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), SLOW);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader').textContent).toBe('Compras Públicas');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '10/03/2026', '', '1', '0', '2']);
    expect(within(first!).getByRole('img', { name: 'Não finalizado' })).toBeTruthy();
    expect(within(second!).getByRole('img', { name: 'Finalizado' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Pontos');

    const plan = screen.getByRole('button', { name: 'Plano de ação' });
    expect((plan as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    expect((plan as HTMLButtonElement).disabled).toBe(false);
    await user.click(within(second!).getByRole('checkbox', { name: 'Selecionar Desburocratização' }));
    await user.click(plan);
    expect(await screen.findByText(`Em /cidade/${MUNICIPIO}/pmd/40`)).toBeTruthy();
  });

  it('says so when the municipality has no follow-up', async () => {
    await db.acompanhamentos.clear();
    renderAt(`/cidade/${MUNICIPIO}/acompanhamento`);
    expect(await screen.findByText('Nenhum acompanhamento retornado', {}, SLOW)).toBeTruthy();
  });
});
