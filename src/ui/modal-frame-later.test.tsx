// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { Dialog } from './dialog-parts.tsx';
import { modalFrameLater } from './modal-frame-later.ts';
import * as realFrame from './modal-frame.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/** A dialog of its own frame loader, so that the test decides when the frame's download fails. */
function setup(load: () => Promise<typeof realFrame>) {
  const useFrame = modalFrameLater(load);
  function Screen() {
    const [open, setOpen] = useState(false);
    const frame = useFrame(open, () => setOpen(false));
    const Modal = frame?.ModalFrame;
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Abrir
        </button>
        <p>{open ? 'aberto' : 'fechado'}</p>
        {Modal && (
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            width={600}
            scrollInside={false}
            closeOnInteractOutside
            closeOnEscape
            closeButton
          >
            <Dialog.Header>
              <Dialog.Title>Novo convidado</Dialog.Title>
            </Dialog.Header>
          </Modal>
        )}
      </>
    );
  }
  renderWithApp(<Screen />);
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  setNotificationSink(() => undefined);
});

describe('a dialog whose frame downloads with its first opening (modal-frame-later.ts)', () => {
  it('downloads nothing while closed; opens with its first press, titled, and closes with Esc', async () => {
    const load = vi.fn(async () => realFrame);
    const user = setup(load);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Novo convidado' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Reopened, the frame is already here: no second download.
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Novo convidado' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the download fails and closes, and the next press asks again', async () => {
    const shown: Notification[] = [];
    setNotificationSink((notification) => shown.push(notification));
    const load = vi.fn<() => Promise<typeof realFrame>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(realFrame);
    const user = setup(load);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() =>
      expect(shown).toEqual([
        { type: 'error', title: 'Não foi possível abrir a janela.', description: 'Verifique a conexão e tente de novo.', duration: 8000 },
      ]),
    );
    expect(screen.getByText('fechado')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Novo convidado' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(shown).toHaveLength(1);
  });
});
