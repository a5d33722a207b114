// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticState } from '../../../domain/followups.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { DiagnosticScreen } from './diagnostic.tsx';
import { DiagnosticThemeScreen } from './diagnostic-theme.tsx';

/** The diagnostic page and the theme redirect over a stubbed fetch that keeps the diagnostic's state as the server would. */

const MUNICIPIO = 6;
type Call = { method: string; path: string; body: unknown };
const calls: Call[] = [];
const shown: Notification[] = [];
let state: DiagnosticState;
let newFollowupId = 77;

const initial: DiagnosticState = {
  municipioId: MUNICIPIO,
  situacao: 'Não Iniciado',
  enviadoEm: null,
  acompanhamentoId: null,
  temas: [{ temaId: 3, nome: 'Gestão', eixoId: 1, respondidas: 0, total: 4, situacao: 'Não Iniciado' }],
  respostas: [
    { perguntaId: 112, texto: 'O município tem lei geral?', resposta: null },
    { perguntaId: 113, texto: 'Há sala do empreendedor?', resposta: null },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname.replace(/^\/api\//, '');
  const text = request.method === 'GET' ? '' : await request.text();
  const body: unknown = text ? JSON.parse(text) : null;
  calls.push({ method: request.method, path, body });
  if (path.startsWith('municipio/')) return json({ message: 'fora do teste' }, 503);
  if (path === `seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/${MUNICIPIO}`) return json(state);
  if (path === 'seloDiagnosticoResposta/atualizar-diagnostico-resposta') {
    const { perguntaId, resposta } = body as { perguntaId: number; resposta: boolean };
    state = {
      ...state,
      situacao: 'Em Preenchimento',
      respostas: state.respostas.map((r) => (r.perguntaId === perguntaId ? { ...r, resposta } : r)),
    };
    return json(state);
  }
  if (path === `seloDiagnosticoResposta/setar-enviada/${MUNICIPIO}`) {
    state = { ...state, situacao: 'Enviado', enviadoEm: '2026-05-02T15:00:00.000Z' };
    return json(state);
  }
  if (path === `acompanhamento/acompanhamentos/novo/${MUNICIPIO}`)
    return json({ acompanhamentoId: newFollowupId, pontosNaoEvidenciados: 0, perguntasRejeitadas: false });
  return json({ message: 'não encontrado' }, 404);
}

function renderAt(path: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/diagnostico/:id" element={<DiagnosticScreen />} />
        <Route path="/diagnostico/:id/tema/:idtema" element={<DiagnosticThemeScreen />} />
        <Route path="/cidade/:id/acompanhamento/obter/:acompanhamento" element={<p>Página de respostas</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL('http://localhost/diagnostico');
  setNotificationSink((n) => shown.push(n));
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});

beforeEach(() => {
  calls.length = 0;
  shown.length = 0;
  state = initial;
  newFollowupId = 77;
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

describe('DiagnosticScreen', () => {
  it('answers a question, sends the diagnostic after confirmation, and then allows no more answers', async () => {
    const user = userEvent.setup();
    renderAt(`/diagnostico/${MUNICIPIO}`);
    expect(await screen.findByText('Não Iniciado')).toBeTruthy();

    const q112 = screen.getByRole('group', { name: 'O município tem lei geral?' });
    await user.click(within(q112).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(within(q112).getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('Em Preenchimento')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'seloDiagnosticoResposta/atualizar-diagnostico-resposta',
      body: { municipioId: MUNICIPIO, perguntaId: 112, resposta: true },
    });

    await user.click(screen.getByRole('button', { name: 'Enviar diagnóstico' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Enviado')).toBeTruthy();
    expect(shown.map((n) => n.title)).toContain('Diagnóstico enviado com sucesso');
    expect(screen.getByRole('button', { name: 'Enviar diagnóstico' })).toHaveProperty('disabled', true);
    for (const button of within(screen.getByRole('region', { name: 'Perguntas do diagnóstico' })).getAllByRole('button'))
      expect(button).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Ver temas do diagnóstico' }).getAttribute('href')).toBe(`/diagnostico/${MUNICIPIO}/tema`);
  });

  it('explains an unreadable municipality id', async () => {
    renderAt('/diagnostico/abc');
    expect((await screen.findByRole('alert')).textContent).toContain('Endereço inválido');
    expect(calls).toEqual([]);
  });
});

describe('DiagnosticThemeScreen', () => {
  it('opens the diagnostic follow-up on the theme', async () => {
    renderAt(`/diagnostico/${MUNICIPIO}/tema/3`);
    expect(await screen.findByText('Página de respostas')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain(`acompanhamento/acompanhamentos/novo/${MUNICIPIO}`);
  });

  it('says the follow-up could not be created when the server answers id 0', async () => {
    newFollowupId = 0;
    renderAt(`/diagnostico/${MUNICIPIO}/tema/3`);
    expect((await screen.findByRole('alert')).textContent).toBe('Algo de errado aconteceu ao criar um novo acompanhamento');
    expect(shown.map((n) => n.title)).toContain('Algo de errado aconteceu ao criar um novo acompanhamento');
  });
});
