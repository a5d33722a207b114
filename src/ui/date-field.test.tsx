// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../tests/component/render.tsx';
import { DateField, DateTimeField, TimeField } from './date-field.tsx';

afterEach(cleanup);

type Field = typeof DateField | typeof DateTimeField | typeof TimeField;

/** The field as a form holds it: the value it hands back is the value it gets. */
function Controlled({
  field: Component,
  label,
  initial,
  onChange,
}: {
  field: Field;
  label: string;
  initial: string;
  onChange: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Component
      label={label}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function setup(field: Field, label: string, initial = '') {
  const onChange = vi.fn<(v: string) => void>();
  renderWithApp(<Controlled field={field} label={label} initial={initial} onChange={onChange} />);
  return { user: userEvent.setup(), onChange, lastValue: () => onChange.mock.lastCall?.[0] };
}

describe('DateField', () => {
  it('masks the digits typed as DD/MM/AAAA and hands back the ISO day', async () => {
    const { user, lastValue } = setup(DateField, 'Data');
    const input = screen.getByRole('textbox', { name: 'Data' });
    await user.type(input, '10032025');
    expect(input).toHaveProperty('value', '10/03/2025');
    expect(lastValue()).toBe('2025-03-10');
    expect(screen.queryByText('Data inválida')).toBeNull();
  });

  it('shows an ISO value as DD/MM/AAAA', () => {
    setup(DateField, 'De', '2024-12-31');
    expect(screen.getByRole('textbox', { name: 'De' })).toHaveProperty('value', '31/12/2024');
  });

  it('keeps an impossible date as typed and says it is invalid', async () => {
    const { user, lastValue } = setup(DateField, 'Data');
    const input = screen.getByRole('textbox', { name: 'Data' });
    await user.type(input, '31022025');
    expect(input).toHaveProperty('value', '31/02/2025');
    expect(lastValue()).toBe('31/02/2025');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Data inválida').id);
  });

  it('says an incomplete date is invalid only once the user leaves the field', async () => {
    const { user } = setup(DateField, 'Data');
    await user.type(screen.getByRole('textbox', { name: 'Data' }), '1003');
    expect(screen.queryByText('Data inválida')).toBeNull();
    await user.tab();
    expect(screen.getByText('Data inválida')).toBeTruthy();
  });

  it('keeps the text when an edit makes a whole date incomplete or impossible', async () => {
    const { user, lastValue } = setup(DateField, 'Data', '2025-03-10');
    const input = screen.getByRole('textbox', { name: 'Data' });
    await user.type(input, '{Backspace}');
    expect(input).toHaveProperty('value', '10/03/202');
    expect(lastValue()).toBe('10/03/202');
    await user.type(input, '5');
    expect(lastValue()).toBe('2025-03-10');
    await user.type(input, '31022025', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(input).toHaveProperty('value', '31/02/2025');
    expect(screen.getByText('Data inválida')).toBeTruthy();
  });

  it('emptied, hands back ""', async () => {
    const { user, lastValue } = setup(DateField, 'Data', '2025-03-10');
    await user.clear(screen.getByRole('textbox', { name: 'Data' }));
    expect(lastValue()).toBe('');
  });

  it('opens a pt-BR calendar on the typed month and hands back the day picked', async () => {
    const { user, lastValue } = setup(DateField, 'Data', '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    const calendar = await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: 'março de 2025: escolher o mês' })).toBeTruthy();
    await user.click(within(calendar).getByRole('button', { name: /20 de março de 2025/i }));
    expect(lastValue()).toBe('2025-03-20');
    expect(screen.getByRole('textbox', { name: 'Data' })).toHaveProperty('value', '20/03/2025');
  });

  it('has no calendar until its button is pressed, then opens it at once with the focus on the day', async () => {
    const { user } = setup(DateField, 'Data', '2025-03-10');
    // Issue 32: the form renders no date picker (Ark marks its control with data-scope="date-picker").
    expect(document.querySelector('[data-scope="date-picker"]')).toBeNull();
    screen.getByRole('button', { name: 'Abrir calendário' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('grid');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/10 de março de 2025/i));
    expect(screen.getByRole('button', { name: 'Fechar calendário' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Data' })).toHaveProperty('value', '10/03/2025');
  });

  it('closes the calendar with Escape', async () => {
    const { user } = setup(DateField, 'Data', '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    await screen.findByRole('grid');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
  });
});

describe('TimeField', () => {
  it('masks HH:MM and flags an impossible time', async () => {
    const { user, lastValue } = setup(TimeField, 'Horário de início');
    const input = screen.getByRole('textbox', { name: 'Horário de início' });
    await user.type(input, '1430');
    expect(input).toHaveProperty('value', '14:30');
    expect(lastValue()).toBe('14:30');
    await user.clear(input);
    await user.type(input, '2500');
    expect(screen.getByText('Hora inválida')).toBeTruthy();
  });
});

describe('DateTimeField', () => {
  it('shows a wall clock as date and time and hands back "YYYY-MM-DDTHH:mm"', async () => {
    const { user, lastValue } = setup(DateTimeField, 'Início', '2025-03-10T14:30');
    const date = screen.getByRole('textbox', { name: 'Início' });
    const time = screen.getByRole('textbox', { name: 'Hora de início' });
    expect(date).toHaveProperty('value', '10/03/2025');
    expect(time).toHaveProperty('value', '14:30');
    await user.clear(time);
    await user.type(time, '0905');
    expect(lastValue()).toBe('2025-03-10T09:05');
    await user.clear(date);
    await user.type(date, '01042025');
    expect(lastValue()).toBe('2025-04-01T09:05');
  });

  it('while a part is missing hands back no wall clock, and keeps both texts', async () => {
    const { user, lastValue } = setup(DateTimeField, 'Fim');
    await user.type(screen.getByRole('textbox', { name: 'Fim' }), '10032025');
    expect(lastValue()).not.toMatch(/T/);
    expect(lastValue()).not.toBe('');
    await user.type(screen.getByRole('textbox', { name: 'Hora de fim' }), '18');
    expect(screen.getByRole('textbox', { name: 'Fim' })).toHaveProperty('value', '10/03/2025');
    expect(screen.getByRole('textbox', { name: 'Hora de fim' })).toHaveProperty('value', '18');
    await user.type(screen.getByRole('textbox', { name: 'Hora de fim' }), '00');
    expect(lastValue()).toBe('2025-03-10T18:00');
  });

  it('picks the day on the calendar and keeps the time', async () => {
    const { user, lastValue } = setup(DateTimeField, 'Início', '2025-03-10T14:30');
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByRole('button', { name: /12 de março de 2025/i }));
    expect(lastValue()).toBe('2025-03-12T14:30');
  });
});
