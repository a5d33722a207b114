// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleLater } from './on-demand.ts';

afterEach(cleanup);

type Panel = { Panel: () => React.JSX.Element };
const panel: Panel = { Panel: () => <p>Lista de convidados</p> };

/** A screen with a tab whose code comes later, from the test's own loader. */
function setup(load: () => Promise<Panel>) {
  const usePanel = moduleLater(load, { warm: false });
  function Screen() {
    const [open, setOpen] = useState(false);
    const later = usePanel(open);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Convidados
        </button>
        {open && later.module && <later.module.Panel />}
        {open && !later.module && later.failed && (
          <button type="button" onClick={later.request}>
            Tentar novamente
          </button>
        )}
        {open && !later.module && !later.failed && <p>Carregando…</p>}
      </>
    );
  }
  return Screen;
}

describe('moduleLater', () => {
  it('downloads nothing until wanted, then shows the module', async () => {
    const load = vi.fn(async () => panel);
    const Screen = setup(load);
    render(<Screen />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Convidados' }));
    expect(await screen.findByText('Lista de convidados')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says a failed download failed, and asks again on request', async () => {
    const load = vi.fn<() => Promise<Panel>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(panel);
    const Screen = setup(load);
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Convidados' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Lista de convidados')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('serves a component mounted after the module arrived from its first render', async () => {
    const Screen = setup(async () => panel);
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Convidados' }));
    await screen.findByText('Lista de convidados');
    cleanup();
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Convidados' }));
    // No "Carregando…" in between: the arrived module is used at once.
    expect(screen.getByText('Lista de convidados')).toBeTruthy();
  });
});
