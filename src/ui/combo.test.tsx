// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Combo, type ComboOption } from './combo.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

afterEach(cleanup);
// The list's module (combo-widget.tsx) is evaluated once before the tests, as a browser that holds
// it cached: a first press then waits for the stand-in's swap, not for the test runner's transform.
beforeAll(() => import('./combo-widget.tsx'));

const cities: ComboOption<number>[] = [
  { value: 1, label: 'São José' },
  { value: 2, label: 'Araquari' },
  { value: 3, label: 'Joinville' },
];

function SingleCity({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Combo
      label="Município"
      options={cities}
      emptyText="Nenhum Município retornado"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Combo', () => {
  it('lists the options sorted, filters ignoring accents and case, and picks one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<SingleCity onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Município' }));
    await user.keyboard('{ArrowDown}');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Araquari', 'Joinville', 'São José']);
    // The list's own input has taken the place of the stand-in that took the first press.
    const input = screen.getByRole('combobox', { name: 'Município' });
    await user.type(input, 'sao j');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['São José']);
    await user.click(screen.getByRole('option', { name: 'São José' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect((input as HTMLInputElement).value).toBe('São José');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithApp(<SingleCity onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Município' });
    await user.click(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('Nenhum Município retornado')).toBeTruthy();
  });
});
