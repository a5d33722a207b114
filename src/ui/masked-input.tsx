import { Input } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { digitsOnly, formatMoney } from '../domain/format.ts';
import { applyMaskEdit, centsFromMoneyInput, MONEY_MAX_DIGITS } from './mask-logic.ts';
import { FieldFrame, useFieldDescription, type TextFieldProps } from './text-field.tsx';

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
export function MaskedInput({
  mask,
  numeric = false,
  label,
  error,
  helperText,
  required,
  value,
  onValueChange,
  ref,
  ...inputProps
}: MaskedInputProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });

  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <Input
        ref={ref}
        value={value}
        onChange={maskedChangeHandler(mask, value, onValueChange)}
        aria-describedby={describedBy}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        {...inputProps}
      />
    </FieldFrame>
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

/**
 * Spec §1: money shows the prefix R$ and 2 decimals and is never negative. Digits fill from the
 * right like a till (1, 2, 3 → R$ 1,23), which needs no decimal key on phone keypads; the
 * caret stays at the end because every keystroke shifts the whole number.
 */
export function MoneyInput({
  label,
  error,
  helperText,
  required,
  value,
  onValueChange,
  maxDigits = MONEY_MAX_DIGITS,
  ref,
  ...inputProps
}: MoneyInputProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  const shown = value === null ? '' : formatMoney(value / 100);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const cents = centsFromMoneyInput(input.value, inputTypeOf(event), maxDigits);
    const text = cents === null ? '' : formatMoney(cents / 100);
    input.value = text;
    if (document.activeElement === input) input.setSelectionRange(text.length, text.length);
    onValueChange(cents);
  }

  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <Input
        ref={ref}
        value={shown}
        onChange={handleChange}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        aria-describedby={describedBy}
        inputMode="numeric"
        autoComplete="off"
        placeholder="R$ 0,00"
        textAlign="end"
        {...inputProps}
      />
    </FieldFrame>
  );
}
