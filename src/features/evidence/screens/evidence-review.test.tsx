// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVIDENCE_MESSAGES, type EvidenceFile, type EvidenceQuestion } from '../../../domain/evidence.ts';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { evidenceFileFixture, evidenceQuestionFixture } from '../../../offline/testing/evidence-fixture.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import type { OfflineDb } from '../../../offline/db.ts';
import { startOfflineRuntime, unsentCount } from '../../../offline/runtime.ts';
import { getOfflineDb } from '../../../offline/store.ts';
import { signIn } from '../../../session/store.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { EvidenceQuestionScreen } from './evidence-question.tsx';

/**
 * The analyst's review of a question sent for analysis (spec §2 "Evidence review table", §5
 * "Evidence evaluation", "Finalizing analysis"), online, against a stub of the evidence routes.
 */

const MUNICIPIO = 3;
const shown: Notification[] = [];
let db: OfflineDb;
let server: { question: EvidenceQuestion; finalized: unknown[]; evaluated: unknown[] };

function analyst(): LoginResponse {
  const flags = { visualizarEvidenciadas: true, analisarEvidenciadas: true };
  return {
    token: 'token-analyst',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: {
      usuarioId: 9,
      nome: 'Ana Analista',
      email: 'ana@exemplo.com.br',
      cpf: null,
      administradorSistema: false,
      grupo: { grupoId: 4, nome: 'Analista', relatorioAdm: [], visualizaEixosIds: [], ...flags },
      permissoes: [],
      permissoesSolucoes: [],
    },
    config: flags,
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function sentQuestion(): EvidenceQuestion {
  const q = evidenceQuestionFixture(70, MUNICIPIO, {
    numero: 7,
    texto: 'O município publica as compras?',
    evidenciada: true,
    faixas: [
      { perguntaFaixaRespostaId: 1, faixaNome: 'Parcial', faixaPontos: 1 },
      { perguntaFaixaRespostaId: 2, faixaNome: 'Total', faixaPontos: 3 },
    ],
  });
  return {
    ...q,
    evidencias: [evidenceFileFixture(701, q, { nomeArquivo: 'lei.pdf' }), evidenceFileFixture(702, q, { nomeArquivo: 'decreto.pdf' })],
  };
}

beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace(/^\/api\//, '');
      if (path === 'pergunta/perguntamunicipio/get-pergunta/70') return json(server.question);
      if (path === 'pergunta/perguntaevidencia/historico/70') return json([]);
      if (path === 'pergunta/perguntaevidencia' && input.method === 'PUT') {
        const body = (await input.json()) as {
          perguntaEvidenciaId: number;
          aprovada: boolean;
          rejeitada: boolean;
          justificativa: string | null;
        };
        server.evaluated.push(body);
        const evidencias = server.question.evidencias.map((e): EvidenceFile =>
          e.perguntaEvidenciaId === body.perguntaEvidenciaId
            ? { ...e, aprovada: body.aprovada, rejeitada: body.rejeitada, justificativa: body.justificativa }
            : e,
        );
        server.question = { ...server.question, evidencias };
        return json(evidencias.find((e) => e.perguntaEvidenciaId === body.perguntaEvidenciaId));
      }
      if (path === 'pergunta/perguntaevidencia/finalizar-evidencia' && input.method === 'PUT') {
        server.finalized.push(await input.json());
        server.question = {
          ...server.question,
          rejeitada: true,
          qtdRejeicao: 1,
          prazoReenvio: '2099-12-30',
          evidencias: server.question.evidencias.map((e) => ({ ...e, enviada: true })),
        };
        return json(server.question);
      }
      return json({ message: 'Rota não encontrada.' }, 404);
    }),
  );
  setNotificationSink((n) => shown.push(n));
  signIn(analyst());
  startOfflineRuntime();
  await unsentCount();
  db = getOfflineDb()!;
});

beforeEach(async () => {
  shown.length = 0;
  server = { question: sentQuestion(), finalized: [], evaluated: [] };
  await db.perguntasEvidencia.clear();
});

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

function renderQuestion() {
  const municipality = { municipioId: MUNICIPIO, nome: 'Joinville', uf: 'SC' } as MunicipalityDetail;
  return renderWithApp(
    <MemoryRouter initialEntries={[`/cidade/${MUNICIPIO}/evidenciar/70`]}>
      <Routes>
        <Route path="/cidade/:id" element={<Outlet context={{ municipality, reloadMunicipality: () => undefined }} />}>
          <Route path="evidenciar/:pergunta" element={<EvidenceQuestionScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const reviewTable = () => screen.getByRole('table', { name: 'Avaliação das evidências' });

describe('review of a question sent for analysis', () => {
  it('lists undecided files first; rejecting needs a justification; finalizing needs every decision and the range, then sends the whole list', async () => {
    const user = userEvent.setup();
    renderQuestion();
    await screen.findByRole('table', { name: 'Avaliação das evidências' }, SLOW);
    const names = () =>
      within(reviewTable())
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    expect(names()).toEqual(['decreto.pdf', 'lei.pdf']);
    // The files are in the review table: no empty "Arquivos" heading above it.
    expect(screen.queryByRole('heading', { name: 'Arquivos' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Finalizar avaliação' }));
    await waitFor(() => expect(shown.at(-1)?.title).toBe(EVIDENCE_MESSAGES.undecided));

    await user.click(await screen.findByRole('button', { name: 'Aprovar decreto.pdf' }, SLOW));
    await waitFor(() => expect(shown.at(-1)?.title).toBe(EVIDENCE_MESSAGES.evaluated), SLOW);
    // The notice can show before the table re-reads the decision: wait for both. The approved
    // file, first by name, now goes after the undecided one.
    await waitFor(() => {
      expect(names()).toEqual(['lei.pdf', 'decreto.pdf']);
      expect(within(reviewTable()).getAllByText('Aprovada').length).toBeGreaterThan(0);
    }, SLOW);

    await user.click(await screen.findByRole('button', { name: 'Rejeitar lei.pdf' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar lei.pdf' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByText(EVIDENCE_MESSAGES.justificationRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Justificativa'), 'Sem assinatura.');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rejeitar lei.pdf' })).toBeNull());
    expect(server.evaluated).toEqual([
      expect.objectContaining({ perguntaEvidenciaId: 702, aprovada: true, rejeitada: false }),
      expect.objectContaining({ perguntaEvidenciaId: 701, aprovada: false, rejeitada: true, justificativa: 'Sem assinatura.' }),
    ]);

    await waitFor(() => expect(within(reviewTable()).getByText('Sem assinatura.')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Finalizar avaliação' }));
    expect(await screen.findByText(EVIDENCE_MESSAGES.rangeRequired, {}, SLOW)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Faixa de pontuação'), '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar avaliação' }));
    await waitFor(() => expect(server.finalized).toHaveLength(1), SLOW);
    expect(server.finalized[0]).toEqual({
      perguntaMunicipioId: 70,
      perguntaFaixaRespostaId: 1,
      evidencias: [
        { perguntaEvidenciaId: 702, aprovada: true, rejeitada: false, justificativa: null },
        { perguntaEvidenciaId: 701, aprovada: false, rejeitada: true, justificativa: 'Sem assinatura.' },
      ],
    });
    await waitFor(() => expect(shown.at(-1)?.title).toBe(EVIDENCE_MESSAGES.finalized));
    // The question is now rejected with its deadline; nothing can be decided any more.
    expect(await screen.findByText('30/12/2099 às 23:59', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalizar avaliação' })).toBeNull();
  });

  it('says "Nenhuma evidência retornada" when the question has no file', async () => {
    server.question = { ...sentQuestion(), evidencias: [] };
    renderQuestion();
    expect(await screen.findByText(EVIDENCE_MESSAGES.noEvidence, {}, SLOW)).toBeTruthy();
  });
});
