import { useState, type ChangeEvent } from 'react';
import { digitsOnly, formatMoney } from '../domain/format.ts';
import { applyMaskEdit, centsFromMoneyText, maskMoneyText, MONEY_MAX_DIGITS } from './mask-logic.ts';
import { FramedInput, type TextFieldProps } from './text-field.tsx';

export type MaskedInputProps = TextFieldProps & {
  /** Formats whatever was typed or pasted, e.g. maskCpf, maskPhone, a ##/##/#### date. Must be idempotent. */
  mask: (raw: string) => string;
  /** The mask keeps only digits: phones open the numeric keypad. */
  numeric?: boolean;
};

function inputTypeOf(event: ChangeEvent<HTMLInputElement>): string | undefined {
  const native = event.nativeEvent as Partial<InputEvent>;
  return typeof native.inputType === 'string' ? native.inputType : undefined;
}

/**
 * The onChange of an input that formats as the user types (MaskedInput, the date and time fields).
 * The masked text is written to the input and the caret placed before React re-renders, so the
 * controlled value matches and React leaves the caret alone; `onMasked` receives the masked text.
 */
export function maskedChangeHandler(mask: (raw: string) => string, previous: string, onMasked: (masked: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = applyMaskEdit(mask, {
      previous,
      raw: input.value,
      caret: input.selectionStart ?? input.value.length,
      inputType: inputTypeOf(event),
    });
    input.value = next.value;
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    onMasked(next.value);
  };
}

/** A TextField that formats as the user types (maskedChangeHandler); the parent receives the masked value. */
export function MaskedInput({ mask, numeric = false, value, onValueChange, ...props }: MaskedInputProps) {
  return (
    <FramedInput
      value={value}
      onChange={maskedChangeHandler(mask, value, onValueChange)}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      {...props}
    />
  );
}

export type DigitsInputProps = Omit<TextFieldProps, 'type'> & {
  /** At most this many digits are kept. */
  maxDigits?: number;
};

/**
 * Spec §5: hours and counts accept digits only. The value stays a string of digits ("" when
 * empty) so an untouched field is distinguishable from 0; convert with Number() on submit.
 */
export function DigitsInput({ maxDigits, ...props }: DigitsInputProps) {
  return <MaskedInput {...props} mask={(raw) => digitsOnly(raw).slice(0, maxDigits)} numeric pattern="[0-9]*" />;
}

export type MoneyInputProps = Omit<TextFieldProps, 'value' | 'onValueChange' | 'type'> & {
  /** The amount in integer cents (R$ 12,34 is 1234), or null when empty. Divide by 100 for reais. */
  value: number | null;
  onValueChange: (cents: number | null) => void;
  /** Largest number of digits (cents included); defaults to 13, R$ 99.999.999.999,99. */
  maxDigits?: number;
};

function moneyText(cents: number | null): string {
  return cents === null ? '' : formatMoney(cents / 100);
}

/**
 * The one money field (spec §1: R$, 2 decimals, never negative). It takes an amount as a person
 * writes it, with the decimal comma ("1500,5", "1.500,50", "1500", "0,5", "0": maskMoneyText), keeps
 * the typed text while focused, and shows it as "R$ 1.500,50" when left. The form receives cents.
 */
export function MoneyInput({ value, onValueChange, maxDigits = MONEY_MAX_DIGITS, onBlur, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => moneyText(value));
  const [textValue, setTextValue] = useState(value);
  // The parent set another amount (a loaded record, a reset): show it, unless the text already means it.
  if (value !== textValue) {
    setTextValue(value);
    if (centsFromMoneyText(text, maxDigits) !== value) setText(moneyText(value));
  }

  // Not maskedChangeHandler: its caret counts only letters and digits, and here a typed comma or dot is data too.
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const masked = maskMoneyText(input.value, maxDigits);
    const at = Math.min(maskMoneyText(input.value.slice(0, caret), maxDigits).length, masked.length);
    input.value = masked;
    if (document.activeElement === input) input.setSelectionRange(at, at);
    const cents = centsFromMoneyText(masked, maxDigits);
    setText(masked);
    setTextValue(cents);
    onValueChange(cents);
  }

  return (
    <FramedInput
      value={text}
      onChange={handleChange}
      onBlur={(event) => {
        setText(moneyText(value));
        onBlur?.(event);
      }}
      inputMode="decimal"
      autoComplete="off"
      placeholder="R$ 0,00"
      textAlign="end"
      {...props}
    />
  );
}
