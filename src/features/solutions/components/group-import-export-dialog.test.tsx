// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueImportResult } from '../../../domain/catalogue-transfer.ts';
import { setNotificationSink, type Notification } from '../../../lib/notify.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { GroupImportExportDialog } from './group-import-export-dialog.tsx';

/**
 * The catalogue's import dialog against the API's answers (fetch answers as the server does): a
 * chosen sheet is previewed, "Confirmar importação" stays disabled while the preview shows row
 * errors, and a clean preview imports with confirmar=true and reports it.
 */

const shown: Notification[] = [];
const sent: { confirmar: string | null; file: string | null }[] = [];
const counter = (novos: number) => ({ novos, alterados: 0, inalterados: 0 });
let previewAnswer: CatalogueImportResult;
let confirmStatus = 200;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  setNotificationSink((n) => shown.push(n));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/projeto/grupoSolucao/importar/5' && input.method === 'POST') {
        const form = await input.formData();
        const file = form.get('arquivo');
        const confirmar = url.searchParams.get('confirmar');
        sent.push({ confirmar, file: file instanceof File ? file.name : null });
        if (confirmar === 'false') return json(previewAnswer);
        if (confirmStatus !== 200)
          return json(
            {
              message: 'A planilha tem erros: nada foi importado.',
              issues: [{ path: 'arquivo', message: 'Linha 2: o nome do grupo é obrigatório.' }],
            },
            confirmStatus,
          );
        return json({ ...previewAnswer, confirmado: true });
      }
      return json({ message: 'Não encontrado' }, 404);
    }),
  );
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  shown.length = 0;
  sent.length = 0;
  confirmStatus = 200;
});
afterEach(cleanup);

const xlsx = (name = 'catalogo.xlsx') => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name);
const fileInput = () => screen.getByLabelText('Planilha a importar (.xlsx, até 2 MB)') as HTMLInputElement;
const confirmButton = () => screen.getByRole('button', { name: 'Confirmar importação' });

function open() {
  const onClose = vi.fn();
  const onImported = vi.fn();
  renderWithApp(<GroupImportExportDialog projetoId={5} open onClose={onClose} onImported={onImported} />);
  return { onClose, onImported };
}

describe('GroupImportExportDialog', () => {
  it('offers the template and the export, and confirms nothing before a preview', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Baixar modelo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the row errors of the preview and keeps the confirmation disabled', async () => {
    const user = userEvent.setup();
    previewAnswer = {
      confirmado: false,
      linhas: 3,
      grupos: counter(0),
      solucoes: counter(0),
      tarefas: counter(0),
      evidencias: counter(0),
      erros: ['Linha 3: o nome da solução é obrigatório.', 'Linha 4: as horas devem ser um número não negativo.'],
    };
    open();
    await user.upload(await waitFor(fileInput), xlsx());
    const errors = await screen.findByRole('region', { name: 'Erros na planilha' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(previewAnswer.erros);
    expect(within(errors).getByText(/A planilha tem 2 erros/)).toBeTruthy();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([{ confirmar: 'false', file: 'catalogo.xlsx' }]);
  });

  it('previews the counts, then imports with confirmar=true and reports it', async () => {
    const user = userEvent.setup();
    previewAnswer = {
      confirmado: false,
      linhas: 4,
      grupos: { novos: 1, alterados: 1, inalterados: 0 },
      solucoes: counter(1),
      tarefas: counter(2),
      evidencias: counter(3),
      erros: [],
    };
    const { onClose, onImported } = open();
    await user.upload(await waitFor(fileInput), xlsx());
    const table = await screen.findByRole('table', { name: 'Prévia da importação' });
    const groups = within(table).getByRole('row', { name: /Grupos/ });
    expect(
      within(groups)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Grupos', '1', '1', '0']);
    expect(screen.getByText('Prévia da importação (4 linhas)')).toBeTruthy();
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirmButton());
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(sent.map((s) => s.confirmar)).toEqual(['false', 'true']);
    expect(shown).toContainEqual(expect.objectContaining({ type: 'success', title: 'Importação concluída com sucesso.' }));
  });

  it('keeps the dialog open with the server row errors when the confirmation is refused', async () => {
    const user = userEvent.setup();
    previewAnswer = {
      confirmado: false,
      linhas: 1,
      grupos: counter(1),
      solucoes: counter(0),
      tarefas: counter(0),
      evidencias: counter(0),
      erros: [],
    };
    confirmStatus = 400;
    const { onImported } = open();
    await user.upload(await waitFor(fileInput), xlsx());
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A planilha tem erros: nada foi importado.');
    expect(alert.textContent).toContain('Linha 2: o nome do grupo é obrigatório.');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an xlsx without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    await user.upload(await waitFor(fileInput), xlsx('catalogo.csv'));
    expect((await screen.findByRole('alert')).textContent).toContain('Envie uma planilha do Excel (.xlsx).');
    expect(sent).toEqual([]);
  });
});
