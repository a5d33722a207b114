// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { maskPhone } from '../domain/format.ts';
import { DigitsInput, MaskedInput, MoneyInput } from './masked-input.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/** The formatted inputs (spec §1, §5) as a person types in them, and what the form receives. */

afterEach(cleanup);

function Phone() {
  const [value, setValue] = useState('');
  return (
    <>
      <MaskedInput
        label="Telefone"
        mask={maskPhone}
        numeric
        value={value}
        onValueChange={setValue}
        required
        error={value ? undefined : 'Informe o telefone'}
      />
      <output aria-label="Valor">{value}</output>
    </>
  );
}

function Hours() {
  const [value, setValue] = useState('');
  return (
    <>
      <DigitsInput label="Horas" maxDigits={3} value={value} onValueChange={setValue} />
      <output aria-label="Valor">{value}</output>
    </>
  );
}

function Price() {
  const [cents, setCents] = useState<number | null>(null);
  return (
    <>
      <MoneyInput label="Valor do contrato" value={cents} onValueChange={setCents} />
      <output aria-label="Valor">{cents === null ? 'vazio' : String(cents)}</output>
    </>
  );
}

const received = () => screen.getByRole('status', { name: 'Valor' }).textContent;

describe('masked inputs', () => {
  it('format a phone as it is typed, with the numeric keypad, and mark it invalid until filled', async () => {
    const user = userEvent.setup();
    renderWithApp(<Phone />);
    const input = screen.getByRole('textbox', { name: /Telefone/ }) as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe o telefone')).toBeTruthy();
    await user.type(input, '48999991234');
    expect(input.value).toBe('(48) 99999-1234');
    expect(received()).toBe('(48) 99999-1234');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('keep hours to digits only, at most the given number', async () => {
    const user = userEvent.setup();
    renderWithApp(<Hours />);
    const input = screen.getByRole('textbox', { name: 'Horas' }) as HTMLInputElement;
    await user.type(input, '1a2,5x9');
    expect(input.value).toBe('125');
    expect(received()).toBe('125');
  });

  it('take money as a person writes it, with the decimal comma, show R$ when left, and give the form cents', async () => {
    const user = userEvent.setup();
    renderWithApp(<Price />);
    const input = screen.getByRole('textbox', { name: 'Valor do contrato' }) as HTMLInputElement;
    expect(input.placeholder).toBe('R$ 0,00');
    expect(input.inputMode).toBe('decimal');
    for (const [typed, cents, shown] of [
      ['1500,5', '150050', 'R$\u00a01.500,50'],
      ['1.500,50', '150050', 'R$\u00a01.500,50'],
      ['1500', '150000', 'R$\u00a01.500,00'],
      ['0,5', '50', 'R$\u00a00,50'],
      ['-12,34', '1234', 'R$\u00a012,34'],
    ] as const) {
      await user.clear(input);
      await user.type(input, typed);
      expect(received(), typed).toBe(cents);
      await user.tab();
      expect(input.value, typed).toBe(shown);
    }
    await user.clear(input);
    expect(received()).toBe('vazio');
  });

  it('hold zero: typing 0 keeps R$ 0,00 (issue 25: it emptied the field)', async () => {
    const user = userEvent.setup();
    renderWithApp(<Price />);
    const input = screen.getByRole('textbox', { name: 'Valor do contrato' }) as HTMLInputElement;
    await user.type(input, '0');
    expect(input.value).toBe('0');
    expect(received()).toBe('0');
    await user.tab();
    expect(input.value).toBe('R$\u00a00,00');
    expect(received()).toBe('0');
  });

  it('edit a shown amount in place: appending to R$ 1.500,00 after its comma changes only the cents', async () => {
    const user = userEvent.setup();
    renderWithApp(<Price />);
    const input = screen.getByRole('textbox', { name: 'Valor do contrato' }) as HTMLInputElement;
    await user.type(input, '1500');
    await user.tab();
    await user.click(input);
    await user.keyboard('{End}{Backspace}{Backspace}75');
    expect(received()).toBe('150075');
  });
});
