// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comboLater, type ComboOption } from './combo.tsx';
import * as realWidget from './combo-widget.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/** The combo before and after its widget's code arrives (combo.tsx, issue 32): the test decides when, and whether, it does. */

afterEach(cleanup);

const cities: ComboOption<number>[] = [
  { value: 1, label: 'São José' },
  { value: 2, label: 'Araquari' },
  { value: 3, label: 'Joinville' },
];

/** A download the test finishes (or fails) when it chooses. */
function download() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<typeof realWidget>((resolve) => {
    arrive = () => resolve(realWidget);
  });
  return { load: vi.fn(() => arrived), arrive };
}

function setup(load: () => Promise<typeof realWidget>, initial: { city?: number | null; cities?: number[]; error?: string } = {}) {
  const Combo = comboLater(load);
  const onCity = vi.fn();
  function Form() {
    const [city, setCity] = useState<number | null>(initial.city ?? null);
    const [many, setMany] = useState<number[]>(initial.cities ?? []);
    return (
      <>
        <Combo
          label="Município"
          options={cities}
          emptyText="Nenhum Município retornado"
          required
          error={initial.error}
          value={city}
          onValueChange={(next) => {
            setCity(next);
            onCity(next);
          }}
        />
        <Combo
          label="Municípios"
          multiple
          maxChips={1}
          options={cities}
          emptyText="Nenhum Município retornado"
          value={many}
          onValueChange={setMany}
        />
      </>
    );
  }
  renderWithApp(<Form />);
  return { user: userEvent.setup(), onCity };
}

const city = () => screen.getByRole('combobox', { name: 'Município' }) as HTMLInputElement;

/** The classes of the combo's parts in the field labelled `label`, as the page draws them. */
function partClasses(label: string): string[] {
  const field = screen.getByRole('combobox', { name: label }).closest('[data-scope="field"]')!;
  return [...field.querySelectorAll('[data-scope="combobox"], .chakra-tag__root')].map(
    (part) => `${part.getAttribute('data-part') ?? 'tag'} ${part.className}`,
  );
}

describe('a combo before its list’s code arrives', () => {
  it('downloads nothing with the page, and is already the labelled field with the choice, required and its error', () => {
    const { load } = download();
    setup(load, { city: 3, error: 'Campo Obrigatório' });
    expect(load).not.toHaveBeenCalled();
    expect(city().value).toBe('Joinville');
    expect(city().required).toBe(true);
    expect(city().getAttribute('aria-invalid')).toBe('true');
    expect(city().getAttribute('aria-describedby')).toBe(screen.getByText('Campo Obrigatório').id);
    expect(screen.getByRole('button', { name: 'Limpar seleção' })).toBeTruthy();
  });

  it('keeps what is typed before the list arrives, and the list then opens filtered by it, with the focus', async () => {
    const { load, arrive } = download();
    const { user, onCity } = setup(load);
    await user.click(city());
    expect(load).toHaveBeenCalledTimes(1);
    await user.keyboard('joi');
    expect(city().value).toBe('joi');
    expect(screen.queryByRole('listbox')).toBeNull();

    arrive();
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Joinville']);
    expect(city().value).toBe('joi');
    expect(document.activeElement).toBe(city());
    // Typing goes on where it stopped, and Enter takes the first match as the list would have.
    await user.keyboard('n{Enter}');
    expect(onCity).toHaveBeenLastCalledWith(3);
    await waitFor(() => expect(city().value).toBe('Joinville'));
  });

  it('looks the same before and after: every part keeps its classes, so the field does not move', async () => {
    const { load, arrive } = download();
    const { user } = setup(load, { city: 1, cities: [1, 2, 3], error: 'Campo Obrigatório' });
    const before = { single: partClasses('Município'), multi: partClasses('Municípios') };
    expect(before.multi.filter((part) => part.startsWith('tag'))).toHaveLength(2);
    await user.click(city());
    arrive();
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('combobox', { name: 'Municípios' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Municípios' }).getAttribute('aria-expanded')).toBe('true'));
    expect({ single: partClasses('Município'), multi: partClasses('Municípios') }).toEqual(before);
  });

  it('downloads the list when focused but stays as it is until used; ↓ then opens it on the first option', async () => {
    const { load, arrive } = download();
    const { user } = setup(load);
    await user.tab();
    expect(document.activeElement).toBe(city());
    expect(load).toHaveBeenCalledTimes(1);
    arrive();
    await load.mock.results[0]!.value;
    // Passing through (Tab, or a form pointing at its error) does not replace the field under the user.
    expect(city().hasAttribute('aria-controls')).toBe(false);
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Araquari' }).hasAttribute('data-highlighted')).toBe(true));
    expect(document.activeElement).toBe(city());
  });

  it('takes text that comes without keys (a paste, a phone keyboard) as typing: the list opens filtered by it', async () => {
    const { load, arrive } = download();
    const { user } = setup(load);
    await user.tab();
    await user.paste('joi');
    expect(city().value).toBe('joi');
    arrive();
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Joinville']);
    expect(city().value).toBe('joi');
  });

  it('removes chips and clears the choice before the list arrives', async () => {
    const { load } = download();
    const { user, onCity } = setup(load, { city: 2, cities: [3, 1] });
    await user.click(screen.getByRole('button', { name: 'Remover Joinville' }));
    expect(screen.queryByRole('button', { name: 'Remover Joinville' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remover São José' })).toBeTruthy();
    // Backspace in the empty input removes the last choice, as in the list's own input.
    await user.click(screen.getByRole('combobox', { name: 'Municípios' }));
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('button', { name: /^Remover / })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(onCity).toHaveBeenLastCalledWith(null);
    expect(city().value).toBe('');
    expect(document.activeElement).toBe(city());
  });

  it('opens the list with the press that asked for it', async () => {
    const { load, arrive } = download();
    const { user } = setup(load, { city: 1 });
    await user.click(screen.getAllByRole('button', { name: 'Mostrar opções' })[0]);
    expect(document.activeElement).toBe(city());
    arrive();
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Araquari', 'Joinville', 'São José']);
    expect(document.activeElement).toBe(city());
  });

  it('waits for a press to end before taking over, so the list the press asked for stays open', async () => {
    const { load, arrive } = download();
    const { user } = setup(load);
    await user.pointer({ keys: '[MouseLeft>]', target: city() });
    arrive();
    await load.mock.results[0]!.value;
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: city() });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(document.activeElement).toBe(city());
  });

  it('says so when the download fails, keeps what was typed, and the next press asks again', async () => {
    const load = vi.fn<() => Promise<typeof realWidget>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(realWidget);
    const { user } = setup(load);
    await user.click(city());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não foi possível abrir a lista de opções. Verifique a conexão e tente de novo.',
    );
    await user.keyboard('ara');
    expect(city().value).toBe('ara');
    // Typing is not a request: the field stays as it is until the user asks for the list again.
    expect(load).toHaveBeenCalledTimes(1);

    await user.click(city());
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Araquari']);
    expect(city().value).toBe('ara');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
