// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import type { OfflineMeeting } from '../../../domain/offline-rows.ts';
import type { LoginResponse } from '../../../domain/session.ts';
import { memberCreateKind } from '../../../entities/members/kinds.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import type { OfflineDb } from '../../../offline/db.ts';
import { registerMutationKind } from '../../../offline/kinds.ts';
import { startOfflineRuntime, unsentCount } from '../../../offline/runtime.ts';
import { getOfflineDb } from '../../../offline/store.ts';
import { signIn } from '../../../session/store.ts';
import { reportCreateKind } from '../offline-kinds.ts';
import { ReportCreateScreen } from './report-create.tsx';
import { renderWithApp } from '../../../../tests/component/render.tsx';

/**
 * The new-report form (spec §2 "New report", §5 "Report save") on a phone without connection: the
 * meetings, members and tasks come from the device, as "Disponível offline" stored them, and a
 * saved report waits in the outbox. Date inputs are left alone (their widget is being replaced).
 */

const MUNICIPIO = 3;
const shown: Notification[] = [];
let db: OfflineDb;

const meeting: OfflineMeeting = {
  encontroId: 41,
  municipioId: MUNICIPIO,
  grupoId: 9,
  grupoNome: 'Comitê Gestor',
  titulo: 'Reunião de março',
  inicio: '2026-03-10T13:00:00.000Z',
  fim: '2026-03-10T15:00:00.000Z',
  encontroType: 'encontro',
  tarefas: [
    { municipioTarefaId: 71, nome: 'Diagnóstico', horas: 2 } as OfflineMeeting['tarefas'][number],
    { municipioTarefaId: 72, nome: 'Plano de ação', horas: 3 } as OfflineMeeting['tarefas'][number],
  ],
  convidados: [
    { membroId: 501, confirmado: true },
    { membroId: 502, confirmado: false },
  ],
};

function member(membroId: number, nome: string) {
  return {
    membroId,
    municipioId: MUNICIPIO,
    nome,
    email: null,
    telefone: '(48) 99999-0000',
    cpf: null,
    cargo: null,
    orgao: null,
    instituicaoId: null,
    imagemMembro: null,
    membroGrupos: [],
    syncedAt: 1,
    pending: 0 as const,
  };
}

/** A consultant who may create reports and sees the people-attended count (group and tenant flags). */
function consultant(): LoginResponse {
  const flags = { novoRelatorio: true, exibirPfAtendida: true };
  return {
    token: 'token-report-form',
    expiraEm: '2099-01-01T00:00:00.000Z',
    usuario: {
      usuarioId: 44,
      nome: 'Beatriz Lima',
      email: 'beatriz@exemplo.com.br',
      cpf: null,
      administradorSistema: false,
      grupo: { grupoId: 2, nome: 'Consultor', relatorioAdm: [], visualizaEixosIds: [], ...flags },
      permissoes: [],
      permissoesSolucoes: [],
    },
    config: flags,
    tenant: { id: 'sc', nome: 'Santa Catarina', uf: 'SC' },
  } as unknown as LoginResponse;
}

function renderForm(uf = 'SC') {
  const municipality = { municipioId: MUNICIPIO, nome: 'Joinville', uf } as MunicipalityDetail;
  return renderWithApp(
    <MemoryRouter initialEntries={[`/cidade/${MUNICIPIO}/relatorio/inserir`]}>
      <Routes>
        <Route path="/cidade/:id" element={<Outlet context={{ municipality, reloadMunicipality: () => undefined }} />}>
          <Route path="relatorio/inserir" element={<ReportCreateScreen />} />
          <Route path="relatorio" element={<p>Lista de relatórios</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  registerMutationKind(memberCreateKind);
  registerMutationKind(reportCreateKind);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  // Nothing may reach a server: every pull meets "no connection" and the form works from the device.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  setNotificationSink((n) => shown.push(n));
  signIn(consultant());
  startOfflineRuntime();
  await unsentCount();
  db = getOfflineDb()!;
});

beforeEach(async () => {
  shown.length = 0;
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.filter((t) => t.name !== 'meta').map((t) => t.clear()));
  });
  await db.encontros.put({ ...meeting, syncedAt: 1, pending: 0 });
  await db.membros.bulkPut([member(501, 'Ana Souza'), member(502, 'Bruno Reis')]);
});

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

/** The editor is a lazy chunk and the meetings come from IndexedDB: seconds on a loaded machine. The budget only guards a hang. */
const SLOW = { timeout: 15_000 };

async function chooseMeeting(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Encontro/ }));
  await user.click(await screen.findByRole('option', { name: /Comitê Gestor · Reunião de março/ }, SLOW));
}

async function writeReport(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(await screen.findByRole('textbox', { name: 'Relatório' }, SLOW));
  // The plain area gives way to the editor once it has loaded (asked for on focus, issue 32): the text goes to the editor.
  const editor = await waitFor(() => {
    const current = screen.getByRole('textbox', { name: 'Relatório' }) as HTMLElement & { editor?: unknown };
    if (!current.editor) throw new Error('the editor has not taken over yet');
    return current;
  }, SLOW);
  // The takeover moves the focus into the editor with its caret at the end on the next animation frame (TipTap's
  // focus command): typing before then raced that frame, which could set the caret under the keys and send the
  // text to a second paragraph or nowhere. The keys go once the editor has the focus, where its caret is.
  const focused = editor as HTMLElement & { editor?: { isFocused: boolean } };
  await waitFor(() => expect(focused.editor?.isFocused).toBe(true), SLOW);
  await user.keyboard(text);
  // ProseMirror reads typed text from the DOM on its own schedule (its observer may flush later): until its
  // document holds the text, the form has not been told, and a Finalizar clicked at once would find it empty.
  // TipTap hangs its editor on the element; its text is what onUpdate hands the form.
  const view = editor as HTMLElement & { editor?: { getText(): string } };
  await waitFor(() => expect(view.editor?.getText()).toBe(text));
}

const finalize = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Finalizar' }));
/** The save writes the report and its outbox entry to IndexedDB before leaving for the list: seconds on a loaded machine. */
const listShown = () => screen.findByText('Lista de relatórios', {}, SLOW);
const errorsShown = () => shown.filter((n) => n.type === 'error').map((n) => n.title);

describe('new report form offline', () => {
  it('says it is offline and offers the device’s meetings', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    expect(await screen.findByText('Sem conexão')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Encontro/ }));
    const list = await screen.findByRole('listbox', {}, SLOW);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10/03/2026 10:00 · Comitê Gestor · Reunião de março']);
  });

  it('asks for the report text first, showing the Relatório tab from any other tab', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(await screen.findByRole('tab', { name: 'Observações' }));
    await finalize(user);
    // The save first fetches the sanitiser (issue 32): the messages follow it.
    await waitFor(() => expect(errorsShown()).toEqual(['É necessário preencher o relatório do evento']));
    expect(screen.getByRole('tab', { name: 'Relatório' }).getAttribute('aria-selected')).toBe('true');
    const editor = await screen.findByRole('textbox', { name: 'Relatório' }, SLOW);
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('É necessário preencher o relatório do evento')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('then asks for the meeting, marking its field', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await writeReport(user, 'Pauta e encaminhamentos');
    await finalize(user);
    // The save first fetches the sanitiser (issue 32): the messages follow it.
    await waitFor(() => expect(errorsShown()).toEqual(['O encontro deve estar preenchido']));
    expect(screen.getByRole('combobox', { name: /Encontro/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks every empty required field of an empty report at once, beside one notification, on the first', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('SC');
    const type = screen.getByRole('combobox', { name: /Tipo de execução/ });
    await user.selectOptions(type, '');
    await finalize(user);
    // The save first fetches the sanitiser (issue 32): the messages follow it.
    await waitFor(() => expect(errorsShown()).toEqual(['É necessário preencher o relatório do evento']));
    const editor = await screen.findByRole('textbox', { name: 'Relatório' }, SLOW);
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    // The plain area, or the editor if it has taken over meanwhile (issue 32): whichever holds the field now.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Relatório' })));
    expect(screen.getByRole('combobox', { name: /Encontro/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('O encontro deve estar preenchido')).toBeTruthy();
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('O tipo de execução deve estar preenchido')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  // The two states are two tests, each typing its text at once (delay: null): one test doing both,
  // typed key by key, ran within 5 % of its time limit on a loaded machine.
  it('requires the execution type in SC', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('SC');
    await writeReport(user, 'Pauta');
    await chooseMeeting(user);
    const type = screen.getByRole('combobox', { name: /Tipo de execução/ });
    await user.selectOptions(type, '');
    await finalize(user);
    // The save first fetches the sanitiser (issue 32): the messages follow it.
    await waitFor(() => expect(errorsShown()).toEqual(['O tipo de execução deve estar preenchido']));
    expect(type.getAttribute('aria-invalid')).toBe('true');
  });

  it('does not require the execution type in a state outside the rule (PR)', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('PR');
    await writeReport(user, 'Pauta');
    await chooseMeeting(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Tipo de execução/ }), '');
    await finalize(user);
    // The save first fetches the sanitiser (issue 32): the messages follow it.
    await waitFor(() => expect(errorsShown()).toEqual([]));
    expect(await listShown()).toBeTruthy();
  });

  it('fills title, hours, guests and tasks from the chosen meeting; only flagged counts are shown', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await chooseMeeting(user);
    expect((screen.getByRole('textbox', { name: 'Título' }) as HTMLInputElement).value).toBe('Comitê Gestor - 10/03/2026');
    // Without a flag to type them, the hours are the sum of the fulfilled tasks and read-only.
    const hours = screen.getByRole('textbox', { name: /Horas utilizadas/ }) as HTMLInputElement;
    expect(hours.value).toBe('5');
    expect(hours.readOnly).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Pessoas físicas atendidas' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Empresas atendidas' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Convidados (2)' }));
    const guests = screen.getByRole('tabpanel', { name: /^Convidados/ });
    expect(within(guests).getByText('Ana Souza')).toBeTruthy();
    expect(within(guests).getByText('Bruno Reis')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Tarefas' }));
    await user.click(within(screen.getByRole('tabpanel', { name: /^Tarefas/ })).getByRole('checkbox', { name: /Plano de ação/ }));
    expect(hours.value).toBe('2');
  });

  it('saves on the device: the report waits in the outbox, listed as pending, and the user is told it will be sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await writeReport(user, 'Pauta e encaminhamentos');
    await chooseMeeting(user);
    await user.type(screen.getByRole('textbox', { name: 'Pessoas físicas atendidas' }), '12a');
    await finalize(user);
    expect(await listShown()).toBeTruthy();
    expect(shown).toEqual([{ type: 'success', title: 'Relatório salvo com sucesso', description: 'Será enviado quando houver conexão.' }]);

    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'report-create',
      status: 'pending',
      municipioId: MUNICIPIO,
      payload: {
        municipioId: MUNICIPIO,
        encontroId: 41,
        titulo: 'Comitê Gestor - 10/03/2026',
        // The text as typed; its HTML markup is not asserted, happy-dom's DOM differs from a browser's for the sanitiser.
        descricao: expect.stringContaining('Pauta e encaminhamentos'),
        pfAtendidas: 12,
        tipoExecucaoRelatorioId: 1,
        horasUtilizadasString: '5',
        convidadosRelatorio: [
          { membroId: 501, presente: true },
          { membroId: 502, presente: true },
        ],
        tarefasRelatorio: [
          { municipioTarefaId: 71, cumprida: true },
          { municipioTarefaId: 72, cumprida: true },
        ],
      },
    });
    expect(await db.relatorios.get(entry!.tempId!)).toMatchObject({ encontroId: 41, pending: 1 });
  });

  it('no longer offers a meeting whose report waits on the device', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await writeReport(user, 'Pauta');
    await chooseMeeting(user);
    await finalize(user);
    await listShown();
    cleanup();

    renderForm();
    await user.click(await screen.findByRole('combobox', { name: /Encontro/ }));
    expect(await screen.findByText('Nenhum Encontro retornado', {}, SLOW)).toBeTruthy();
  });
});

// Keeps act() warnings out: the runtime's live queries settle after the last render of a test.
afterAll(async () => {
  await act(async () => {
    await unsentCount();
  });
});
