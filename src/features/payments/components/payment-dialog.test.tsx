// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../domain/payments.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { resetDataCache } from '../../../data/testing.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import { signIn } from '../../../session/store.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

/** The payment dialog against the API's answers (fetch answering as the server does): the spec §5 checks, the prefilled number, the hours. */

const shown: Notification[] = [];
const posted: FormData[] = [];
const BASE = '/api/relatorio/relatorioGestaoPagamento';

function consultant(): LoginResponse {
  return {
    token: 'token-payments',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: {
      usuarioId: 8,
      nome: 'Carla Condutora',
      email: 'carla@exemplo.com.br',
      cpf: null,
      administradorSistema: false,
      grupo: { grupoId: 2, nome: 'Consultor', relatorioAdm: [], visualizaEixosIds: [] },
      permissoes: [],
      permissoesSolucoes: [],
    },
    config: {},
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const detail = {
  processoPagamentoId: 90,
  numero: '3',
  codigoContratacao: 'CT-7',
  contratoId: 5,
  numContrato: '2025/015',
  usuarioId: 8,
  usuarioNome: 'Carla Condutora',
  periodoRealizacao: '01/03/2025 - 31/03/2025',
  horas: 7.5,
  total: 150_050,
  status: 'aberto',
  motivoRejeicao: null,
  enviadoSgfEm: null,
  assinaturaSolicitadaEm: null,
  assinadoEm: null,
  criacao: '2025-04-01T12:00:00.000Z',
  relatorios: [],
  relatoriosAdministrativos: [],
  arquivos: [],
};

beforeAll(() => {
  setNotificationSink((n) => shown.push(n));
  signIn(consultant());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      switch (url.pathname) {
        case '/api/contratos/usuario/8':
          return json([
            {
              contratoId: 5,
              usuarioId: 8,
              usuarioNome: 'Carla',
              numContrato: '2025/015',
              qtdEntregasPrevistas: 6,
              inicio: '2025-01-01',
              fim: '2025-12-31',
              ativo: true,
            },
          ]);
        case `${BASE}/obter-numero-relatorio/8/5`:
          return json({ quantidadeAtual: 2, ultimoPeriodo: '01/02/2025 - 28/02/2025' });
        case `${BASE}/relatorios/8/5`:
          return json([
            {
              relatorioId: 501,
              titulo: 'Oficina de compras',
              criacao: '2025-03-05T12:00:00.000Z',
              municipioNome: 'Florianópolis',
              horasTarefas: 4,
            },
            {
              relatorioId: 502,
              titulo: 'Reunião do comitê',
              criacao: '2025-03-12T12:00:00.000Z',
              municipioNome: 'Joinville',
              horasTarefas: 2.5,
            },
          ]);
        case `${BASE}/relatorios-administrativos/8/5`:
          return json([{ relatorioAdministrativoId: 61, titulo: 'Planejamento', criacao: '2025-03-20T12:00:00.000Z', horas: 1 }]);
        case `${BASE}/cadastrar-relatorio-pagamento`:
          posted.push(await input.formData());
          return json(detail, 201);
        default:
          return json({ message: 'Rota não encontrada.' }, 404);
      }
    }),
  );
});

beforeEach(() => {
  shown.length = 0;
  posted.length = 0;
});
afterEach(() => {
  cleanup();
  resetDataCache();
});
afterAll(() => vi.unstubAllGlobals());

// Some forty keystrokes and clicks through Chakra's dialog: slow on a machine shared with other suites.
const SLOW = { timeout: 60_000 };

describe('the payment dialog', () => {
  it(
    'prefills the number, sums the hours as reports are chosen, checks in the spec order on the fields and sends cents',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const onSaved = vi.fn();
      renderWithApp(<PaymentDialog open onClose={() => undefined} usuarioId={8} process={null} onSaved={onSaved} />);

      await screen.findByRole('option', { name: '2025/015' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Contrato' }), '5');
      await waitFor(() => expect((screen.getByRole('textbox', { name: 'Número' }) as HTMLInputElement).value).toBe('3'));

      // Nothing chosen: the first check of spec §5.
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(PAYMENT_MESSAGES.semRelatorios)).toBeTruthy();

      await user.click(await screen.findByRole('checkbox', { name: /Oficina de compras/ }));
      await user.click(screen.getByRole('checkbox', { name: /Reunião do comitê/ }));
      await user.click(screen.getByRole('checkbox', { name: /Planejamento/ }));
      expect(screen.getByText('Total de horas: 7,5 h')).toBeTruthy();

      // Next in order: the contract code, then the period.
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(PAYMENT_MESSAGES.semCodigo)).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'Código de contratação' }), 'CT-7');
      await user.type(screen.getByRole('textbox', { name: 'Período de realização' }), '3102202531032025');
      expect((screen.getByRole('textbox', { name: 'Período de realização' }) as HTMLInputElement).value).toBe('31/02/2025 - 31/03/2025');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(PAYMENT_MESSAGES.periodoInvalido)).toBeTruthy();

      // Before the end of the previous process (28/02/2025): refused, everything typed kept.
      await user.clear(screen.getByRole('textbox', { name: 'Período de realização' }));
      await user.type(screen.getByRole('textbox', { name: 'Período de realização' }), '2002202531032025');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(PAYMENT_MESSAGES.antesDoUltimo)).toBeTruthy();
      expect((screen.getByRole('checkbox', { name: /Oficina de compras/ }) as HTMLInputElement).checked).toBe(true);

      await user.clear(screen.getByRole('textbox', { name: 'Período de realização' }));
      await user.type(screen.getByRole('textbox', { name: 'Período de realização' }), '0103202531032025');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(PAYMENT_MESSAGES.semTotal)).toBeTruthy();

      await user.type(screen.getByRole('textbox', { name: 'Total' }), '1500,5');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      const form = posted[0]!;
      expect(form.get('total')).toBe('150050');
      expect(form.get('numero')).toBe('3');
      expect(form.get('horas')).toBe('7.5');
      expect(JSON.parse(String(form.get('relatoriosString')))).toEqual([501, 502]);
      expect(JSON.parse(String(form.get('relatoriosAdministrativosString')))).toEqual([61]);
      expect(form.get('periodoRealizacao')).toBe('01/03/2025 - 31/03/2025');
    },
  );
});
