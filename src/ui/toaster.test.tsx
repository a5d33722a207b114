// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifyErrorMessage, notifySuccessMessage } from '../lib/notify.ts';
import { Toaster } from './toaster.tsx';
import { toaster } from './toaster-queue.ts';
import { renderWithApp } from '../../tests/component/render.tsx';

/**
 * The notifications a person reads: raised from any layer by name (spec §8 catalogue) or by text,
 * shown by the app's one <Toaster />, with the server's detail under the title.
 */

afterEach(async () => {
  act(() => toaster.remove());
  cleanup();
});

/** The toast machinery is a lazy chunk: loading it takes seconds on a loaded machine. The budget only guards a hang. */
const LAZY = { timeout: 10_000 };

describe('Toaster', () => {
  it('shows nothing until the first notification, then the catalogue’s text with the detail under it', async () => {
    const { container } = renderWithApp(<Toaster />);
    expect(container.innerHTML).toBe('');
    act(() => notifyErrorMessage('saveReport', 'Este encontro já tem relatório.'));
    const region = await screen.findByRole('region', { name: /Notificações/ }, LAZY);
    expect(await within(region).findByText('Erro ao salvar relatório', {}, LAZY)).toBeTruthy();
    expect(within(region).getByText('Este encontro já tem relatório.')).toBeTruthy();
  });

  it('shows a success by its catalogue name, and closes a notification from its close button', async () => {
    const user = userEvent.setup();
    renderWithApp(<Toaster />);
    act(() => notifySuccessMessage('reportSaved'));
    act(() => notifyError('Sessão expirada. Entre novamente.'));
    expect(await screen.findByText('Relatório salvo com sucesso', {}, LAZY)).toBeTruthy();
    expect(await screen.findByText('Sessão expirada. Entre novamente.')).toBeTruthy();
    const success = screen.getByText('Relatório salvo com sucesso').closest('[role="status"]') as HTMLElement;
    await user.click(within(success).getByRole('button', { name: 'Fechar notificação' }));
    await waitFor(() => expect(screen.queryByText('Relatório salvo com sucesso')).toBeNull());
    expect(screen.getByText('Sessão expirada. Entre novamente.')).toBeTruthy();
  });
});
