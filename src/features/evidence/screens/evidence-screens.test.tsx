// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVIDENCE_MESSAGES, type EvidenceQuestion } from '../../../domain/evidence.ts';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { evidenceFileFixture, evidenceQuestionFixture } from '../../../offline/testing/evidence-fixture.ts';
import { evidenceSendKind, evidenceUploadKind } from '../../../entities/evidence/kinds.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import type { OfflineDb } from '../../../offline/db.ts';
import { registerMutationKind } from '../../../offline/kinds.ts';
import { startOfflineRuntime, unsentCount } from '../../../offline/runtime.ts';
import { getOfflineDb } from '../../../offline/store.ts';
import { signIn } from '../../../session/store.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { EvidenceQuestionScreen } from './evidence-question.tsx';
import { EvidenceTabScreen } from './evidence-tab.tsx';

/**
 * The evidence tabs on a tablet without connection (spec §2 "Evidence screens", §5 "Evidence
 * upload", "Resend"): the questions come from the device, chosen files are checked by content and
 * wait in the outbox as pendente, and sending for analysis waits after them.
 */

const MUNICIPIO = 3;
const shown: Notification[] = [];
let db: OfflineDb;

function member(): LoginResponse {
  const flags = {
    enviarRespondidas: true,
    enviarRejeitadas: true,
    visualizarEvidenciadas: true,
    visualizarAprovadas: true,
    visualizarRejeitadas: true,
  };
  return {
    token: 'token-evidence',
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

function renderAt(path: string) {
  const municipality = { municipioId: MUNICIPIO, nome: 'Joinville', uf: 'SC' } as MunicipalityDetail;
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cidade/:id" element={<Outlet context={{ municipality, reloadMunicipality: () => undefined }} />}>
          <Route path="evidencia/:tipoEvidencia" element={<EvidenceTabScreen />} />
          <Route path="evidenciar/:pergunta" element={<EvidenceQuestionScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const pdf = (name: string, text = 'conteúdo') => new File([`%PDF-1.7\n${text}\n%%EOF`], name, { type: 'application/pdf' });

async function store(...questions: EvidenceQuestion[]) {
  await db.perguntasEvidencia.bulkPut(questions.map((q) => ({ ...q, syncedAt: 1, pending: 0 as const })));
}

beforeAll(async () => {
  registerMutationKind(evidenceUploadKind);
  registerMutationKind(evidenceSendKind);
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
});

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const SLOW = { timeout: 15_000 };

function rowOf(text: RegExp): HTMLElement {
  return screen.getByRole('link', { name: text }).closest('tr') as HTMLElement;
}

describe('answered tab offline', () => {
  it('queues two PDFs for a question (pendente at once), then sends it for analysis after them', async () => {
    const user = userEvent.setup();
    await store(evidenceQuestionFixture(70, MUNICIPIO, { perguntaId: 30, numero: 7, texto: 'O município publica as compras?' }));
    renderAt(`/cidade/${MUNICIPIO}/evidencia/respondida`);
    expect(await screen.findByRole('link', { name: /publica as compras/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Pontos/ })).toBeTruthy();
    const row = rowOf(/publica as compras/);

    await user.upload(within(row).getByLabelText('Arquivos (PDF ou Excel) da pergunta 7'), [pdf('lei.pdf'), pdf('decreto.pdf')]);
    await user.click(within(row).getByRole('button', { name: 'Enviar arquivos da pergunta 7' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'evidence-upload',
      label: '2 evidências da pergunta 7',
      request: {
        method: 'POST',
        path: 'pergunta/perguntamunicipio/salvarevidencias',
        json: { perguntaMunicipioId: 70 },
        filesField: 'uploadIds',
      },
    });
    expect(entry!.fileIds).toHaveLength(2);

    const toggle = await within(rowOf(/publica as compras/)).findByRole('button', { name: 'Mostrar arquivos da pergunta 7' });
    await waitFor(() => expect(toggle.textContent).toBe('Mostrar arquivos (2) · 2 pendentes'));
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(rowOf(/publica as compras/)).getAllByText('Pendente')).toHaveLength(2);

    await user.click(within(rowOf(/publica as compras/)).getByRole('button', { name: 'Enviar para análise da pergunta 7' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(within(dialog).getByText(EVIDENCE_MESSAGES.confirmSend)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(EVIDENCE_MESSAGES.noQuestions, {}, SLOW)).toBeTruthy();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.kind)).toEqual(['evidence-upload', 'evidence-send']);
    expect(entries[1]!.dependsOn).toEqual([entries[0]!.id]);
    expect(entries[1]!.request.json).toEqual({ acao: 'enviar', perguntaMunicipioId: 70 });
  });

  it('refuses a file that is not PDF or Excel by its content, and too many files for the question, keeping the selection', async () => {
    const user = userEvent.setup();
    await store(evidenceQuestionFixture(71, MUNICIPIO, { perguntaId: 4, numero: 4, texto: 'Existe lei de compras locais?' }));
    renderAt(`/cidade/${MUNICIPIO}/evidencia/respondida`);
    const row = rowOf(await screen.findByRole('link', { name: /lei de compras/ }, SLOW).then(() => /lei de compras/));
    const input = within(row).getByLabelText('Arquivos (PDF ou Excel) da pergunta 4') as HTMLInputElement;

    await user.upload(input, [new File(['isto não é um PDF'], 'falso.pdf', { type: 'application/pdf' })]);
    await user.click(within(row).getByRole('button', { name: 'Enviar arquivos da pergunta 4' }));
    expect(await within(row).findByRole('alert')).toHaveProperty('textContent', EVIDENCE_MESSAGES.wrongType);
    expect(input.files).toHaveLength(1);

    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(within(row).getByRole('button', { name: 'Enviar arquivos da pergunta 4' }));
    expect(await within(row).findByText(EVIDENCE_MESSAGES.onlyOneFile)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(shown.map((n) => n.title)).toEqual([EVIDENCE_MESSAGES.wrongType, EVIDENCE_MESSAGES.onlyOneFile]);
  });

  it('says "Nenhuma pergunta retornada" when the tab is empty', async () => {
    await store(evidenceQuestionFixture(72, MUNICIPIO, { evidenciada: true }));
    renderAt(`/cidade/${MUNICIPIO}/evidencia/respondida`);
    expect(await screen.findByText(EVIDENCE_MESSAGES.noQuestions, {}, SLOW)).toBeTruthy();
  });
});

describe('rejected tab', () => {
  it('shows the deadline and the justification; past the deadline or rejected twice it takes no file', async () => {
    const user = userEvent.setup();
    const base = { evidenciada: true, rejeitada: true, qtdRejeicao: 1 };
    const open = evidenceQuestionFixture(80, MUNICIPIO, { ...base, numero: 8, texto: 'Pergunta aberta?', prazoReenvio: '2099-12-30' });
    await store(
      { ...open, evidencias: [evidenceFileFixture(801, open, { rejeitada: true, enviada: true, justificativa: 'Arquivo ilegível.' })] },
      evidenceQuestionFixture(81, MUNICIPIO, { ...base, numero: 9, texto: 'Pergunta encerrada?', prazoReenvio: '2020-03-02' }),
      evidenceQuestionFixture(82, MUNICIPIO, {
        ...base,
        numero: 10,
        texto: 'Pergunta rejeitada duas vezes?',
        qtdRejeicao: 2,
        prazoReenvio: '2099-12-30',
      }),
    );
    renderAt(`/cidade/${MUNICIPIO}/evidencia/rejeitada`);
    const openRow = rowOf(await screen.findByRole('link', { name: /Pergunta aberta/ }, SLOW).then(() => /Pergunta aberta/));
    expect(within(openRow).getByText('30/12/2099 às 23:59')).toBeTruthy();
    expect(within(openRow).getByLabelText('Arquivos (PDF ou Excel) da pergunta 8')).toBeTruthy();
    await user.click(within(openRow).getByRole('button', { name: /Mostrar arquivos/ }));
    expect(within(openRow).getByText('Justificativa: Arquivo ilegível.')).toBeTruthy();
    expect(within(openRow).queryByRole('button', { name: /Excluir/ })).toBeNull();

    expect(within(rowOf(/Pergunta encerrada/)).getByText(EVIDENCE_MESSAGES.deadlinePassed('02/03/2020'))).toBeTruthy();
    expect(within(rowOf(/Pergunta encerrada/)).queryByLabelText(/Arquivos \(PDF ou Excel\)/)).toBeNull();
    expect(within(rowOf(/rejeitada duas vezes/)).getByText(EVIDENCE_MESSAGES.rejectedTwice)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar evidências rejeitadas' })).toBeTruthy();
  });
});

describe('question 3', () => {
  it('asks for the required fields before sending, and the declaration when the attendants differ from the register', async () => {
    const user = userEvent.setup();
    const q3 = evidenceQuestionFixture(90, MUNICIPIO, {
      perguntaId: 3,
      numero: 3,
      texto: 'Sala do empreendedor com atendentes?',
      atendentesCadastrados: 2,
    });
    await store({ ...q3, evidencias: [evidenceFileFixture(901, q3)], quantidadeArquivo: 1, temArquivo: true });
    renderAt(`/cidade/${MUNICIPIO}/evidenciar/90`);
    await user.click(await screen.findByRole('button', { name: 'Enviar para análise da pergunta 3' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: EVIDENCE_MESSAGES.requiredFields }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar para análise' }));
    expect(await within(dialog).findByText(EVIDENCE_MESSAGES.minimumHoursRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Carga horária mínima por atendente'), '20');
    await user.type(within(dialog).getByLabelText('Quantidade atual de atendentes'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar para análise' }));
    expect(await within(dialog).findByText(EVIDENCE_MESSAGES.declarationRequired)).toBeTruthy();

    await user.upload(within(dialog).getByLabelText(/Declaração/), pdf('declaracao.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar para análise' }));
    const confirm = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries[0]).toMatchObject({
      kind: 'evidence-upload',
      payload: { dadosComplementares: true, arquivos: [{ nomeArquivo: 'DADOS_COMPLE_declaracao.pdf' }] },
    });
    expect(entries[1]!.request.json).toEqual({ acao: 'enviar', perguntaMunicipioId: 90, atualizacaoAtendentes: 3, valorInformado: 20 });
  });
});
