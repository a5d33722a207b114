// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/** The yes/no question of every delete (spec §5 "Other rules"): what the user sees and what the caller is told. */

afterEach(cleanup);

/** The dialog's code is a lazy chunk: loading it takes seconds on a loaded machine. The budget only guards a hang. */
const LAZY = { timeout: 10_000 };

/** A screen that asks before deleting and writes down the answer it got. */
function DeleteButton({ options }: { options: ConfirmOptions }) {
  const [confirm, dialog] = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button type="button" onClick={() => void confirm(options).then((yes) => setAnswers((a) => [...a, yes]))}>
        Excluir evidência
      </button>
      <output aria-label="Respostas">{answers.map((a) => (a ? 'sim' : 'não')).join(',')}</output>
      {dialog}
    </>
  );
}

const deleteEvidence: ConfirmOptions = {
  title: 'Excluir evidência',
  body: 'Confirma que deseja deletar a evidência? Esta ação não poderá ser desfeita.',
  destructive: true,
};

const answers = () => screen.getByRole('status', { name: 'Respostas' }).textContent;

describe('useConfirm', () => {
  it('asks with the spec’s "Sim"/"Não", focus on "Não" for a delete, and answers yes on "Sim"', async () => {
    const user = userEvent.setup();
    renderWithApp(<DeleteButton options={deleteEvidence} />);
    await user.click(screen.getByRole('button', { name: 'Excluir evidência' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir evidência' }, LAZY);
    expect(dialog.textContent).toContain('Confirma que deseja deletar a evidência? Esta ação não poderá ser desfeita.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Não' })));
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(answers()).toBe('sim'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('answers no on "Não" and on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<DeleteButton options={deleteEvidence} />);
    await user.click(screen.getByRole('button', { name: 'Excluir evidência' }));
    await user.click(await screen.findByRole('button', { name: 'Não' }, LAZY));
    await waitFor(() => expect(answers()).toBe('não'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Excluir evidência' }));
    await screen.findByRole('alertdialog', {}, LAZY);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answers()).toBe('não,não'));
  });

  it('uses the caller’s labels, with focus on the confirm button when nothing is destroyed', async () => {
    const user = userEvent.setup();
    renderWithApp(<DeleteButton options={{ title: 'Enviar para análise', confirmLabel: 'Enviar', cancelLabel: 'Voltar' }} />);
    await user.click(screen.getByRole('button', { name: 'Excluir evidência' }));
    await screen.findByRole('alertdialog', { name: 'Enviar para análise' }, LAZY);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar' })));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(answers()).toBe('sim'));
  });

  it('answers no when the screen goes away with the question open, so no caller waits forever', async () => {
    const user = userEvent.setup();
    let settled: boolean | null = null;
    function Asker() {
      const [confirm, dialog] = useConfirm();
      return (
        <>
          <button type="button" onClick={() => void confirm(deleteEvidence).then((yes) => (settled = yes))}>
            Perguntar
          </button>
          {dialog}
        </>
      );
    }
    const { unmount } = renderWithApp(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Perguntar' }));
    await screen.findByRole('alertdialog', {}, LAZY);
    unmount();
    await waitFor(() => expect(settled).toBe(false));
  });
});
