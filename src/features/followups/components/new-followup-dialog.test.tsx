// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOWUP_MESSAGES } from '../../../domain/followups.ts';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { IDEMPOTENCY_HEADER } from '../../../domain/uploads.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import { signIn } from '../../../session/store.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { NewFollowupDialog } from './new-followup-dialog.tsx';

/** Novo Acompanhamento against the API's answers (themes, the discount, the creation), with fetch answering as the server does. */

const shown: Notification[] = [];
const posted: { body: unknown; key: string | null }[] = [];
let createdId = 77;

/** A user who sees only the axis 1 of municipality 3: themes of other axes are not offered. */
function consultant(): LoginResponse {
  const flags = { novoAcompanhamento: true };
  return {
    token: 'token-new-followup',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: {
      usuarioId: 8,
      nome: 'Carla Condutora',
      email: 'carla@exemplo.com.br',
      cpf: null,
      administradorSistema: false,
      grupo: { grupoId: 2, nome: 'Consultor', relatorioAdm: [], visualizaEixosIds: [], ...flags },
      permissoes: [{ permissao: 'Consultor Condutor', municipioId: 3, eixoId: 1 }],
      permissoesSolucoes: [],
    },
    config: flags,
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  setNotificationSink((n) => shown.push(n));
  signIn(consultant());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/Tema') {
        return json([
          { temaId: 11, nome: 'Compras Públicas', eixoId: 1 },
          { temaId: 12, nome: 'Turismo', eixoId: 2 },
        ]);
      }
      if (url.pathname === '/api/acompanhamento/acompanhamentos/pontos-nao-evidenciados/tema/3/11') {
        return json({ pontosNaoEvidenciados: 4, perguntasRejeitadas: true });
      }
      if (url.pathname === '/api/acompanhamento' && input.method === 'POST') {
        posted.push({ body: await input.json(), key: input.headers.get(IDEMPOTENCY_HEADER) });
        return json({ acompanhamentoId: createdId, pontosNaoEvidenciados: 4, perguntasRejeitadas: true });
      }
      return new Response(JSON.stringify({ message: 'Rota não encontrada.' }), { status: 404 });
    }),
  );
});

beforeEach(() => {
  shown.length = 0;
  posted.length = 0;
  createdId = 77;
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

function renderDialog() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<NewFollowupDialog open municipioId={3} onClose={onClose} onCreated={onCreated} />);
  return { onCreated, onClose };
}

async function chooseTheme(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: /Tema/ }, SLOW));
  const list = await screen.findByRole('listbox', {}, SLOW);
  await waitFor(() =>
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Compras Públicas']),
  );
  await user.click(within(list).getByRole('option', { name: 'Compras Públicas' }));
}

describe('Novo Acompanhamento', () => {
  it('requires a theme, shows what creating discounts and the rejected evidence, then opens the new follow-up', async () => {
    const user = userEvent.setup();
    const { onCreated } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Criar' }, SLOW));
    expect(await screen.findByText('Campo Obrigatório')).toBeTruthy();
    expect(posted).toEqual([]);

    await chooseTheme(user);
    expect(
      await screen.findByText('Ao criar este acompanhamento serão descontados 4 pontos de questões não evidenciadas.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByText(FOLLOWUP_MESSAGES.rejectedEvidence)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(77), SLOW);
    expect(posted).toEqual([{ body: { municipioId: 3, temaId: 11 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('treats an answer with id 0 as a failure: the spec’s message, and nothing opens', async () => {
    createdId = 0;
    const user = userEvent.setup();
    const { onCreated } = renderDialog();
    await chooseTheme(user);
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(shown.map((n) => n.title)).toContain(ERROR_MESSAGES.createFollowUpFailed), SLOW);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
