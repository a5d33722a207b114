// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ComboOption } from './combo.tsx';
import { AxisCombo, CityCombo, MemberCombo, ScoreRangeCombo, ThemeCombo } from './entity-combos.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/** The shared combos of spec §2 as a person uses them: their labels, empty texts, chips and counters. */

afterEach(cleanup);
// The list's module (combo-widget.tsx) is evaluated once before the tests, as a browser that holds
// it cached: a first press then waits for the stand-in's swap, not for the test runner's transform.
beforeAll(() => import('./combo-widget.tsx'));

const axes: ComboOption<number>[] = ['Ambiente', 'Cultura', 'Educação', 'Inovação', 'Saúde', 'Turismo', 'Zeladoria'].map((label, i) => ({
  value: i + 1,
  label,
}));

function Axes({ initial, maxSelected }: { initial: number[]; maxSelected?: number }) {
  const [value, setValue] = useState<number[]>(initial);
  return <AxisCombo<number> multiple options={axes} value={value} onValueChange={setValue} maxSelected={maxSelected} />;
}

function Ranges({ initial }: { initial: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  const ranges = [1, 2, 3, 4].map((n) => ({ value: n, label: `Faixa ${n}` }));
  return <ScoreRangeCombo<number> multiple keepOrder options={ranges} value={value} onValueChange={setValue} />;
}

function Theme({ validated }: { validated: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  return <ThemeCombo options={[{ value: 1, label: 'Empreendedorismo' }]} value={value} onValueChange={setValue} validated={validated} />;
}

async function openList(name: string) {
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: new RegExp(name) });
  await user.click(input);
  return { user, input };
}

describe('shared combos', () => {
  it('say "Nenhum … retornado" in the entity’s own words when the list is empty', async () => {
    renderWithApp(<CityCombo options={[]} value={null} onValueChange={() => undefined} />);
    await openList('Município');
    expect(await screen.findByText('Nenhum Município retornado')).toBeTruthy();
    cleanup();
    renderWithApp(<MemberCombo options={[]} value={null} onValueChange={() => undefined} />);
    await openList('Membro');
    expect(await screen.findByText('Nenhum Membro retornado')).toBeTruthy();
  });

  it('take a mode’s own label and empty text (Pilar for Eixo)', async () => {
    renderWithApp(<AxisCombo label="Pilar" emptyText="Nenhum Pilar retornado" options={[]} value={null} onValueChange={() => undefined} />);
    await openList('Pilar');
    expect(await screen.findByText('Nenhum Pilar retornado')).toBeTruthy();
  });

  it('show one axis chip followed by "(+N eixos)", and Backspace removes the last choice', async () => {
    renderWithApp(<Axes initial={[3, 1, 5]} />);
    // The chips are the choices a person can remove; the rest collapse into the counter.
    const chips = () => screen.queryAllByRole('button', { name: /^Remover / }).map((b) => b.getAttribute('aria-label'));
    expect(chips()).toEqual(['Remover Educação']);
    expect(screen.getByText('(+2 eixos)')).toBeTruthy();
    const { user } = await openList('Eixo');
    await user.keyboard('{Backspace}');
    expect(screen.getByText('(+1 eixo)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remover Educação' }));
    expect(screen.queryByText(/\(\+\d+ eixos?\)/)).toBeNull();
    expect(chips()).toEqual(['Remover Ambiente']);
  });

  it('disable the other axes once five are chosen', async () => {
    renderWithApp(<Axes initial={[1, 2, 3, 4, 5]} maxSelected={5} />);
    await openList('Eixo');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Turismo' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(listbox).getByRole('option', { name: 'Cultura' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('show two score range chips, then a "+N" counter', () => {
    renderWithApp(<Ranges initial={[1, 2, 3, 4]} />);
    expect(screen.getByText('Faixa 1')).toBeTruthy();
    expect(screen.getByText('Faixa 2')).toBeTruthy();
    expect(screen.queryByText('Faixa 3')).toBeNull();
    expect(screen.getByText('+2')).toBeTruthy();
  });

  it('mark the theme required, and say "Campo Obrigatório" once the user tried to submit with none chosen', async () => {
    const { rerender } = renderWithApp(<Theme validated={false} />);
    const input = screen.getByRole('combobox', { name: /Tema/ });
    expect(screen.queryByText('Campo Obrigatório')).toBeNull();
    rerender(<Theme validated />);
    expect(screen.getByText('Campo Obrigatório')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const user = userEvent.setup();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Empreendedorismo' }));
    expect(screen.queryByText('Campo Obrigatório')).toBeNull();
  });
});
