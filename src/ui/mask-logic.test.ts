import { describe, expect, it } from 'vitest';
import { maskCpf, maskPhone } from '../domain/format.ts';
import {
  applyMaskEdit,
  centsFromMoneyText,
  centsFromReais,
  maskMoneyText,
  positionAfterSignificant,
  reaisFromCents,
} from './mask-logic.ts';

describe('applyMaskEdit', () => {
  it('keeps the caret after the character just typed at the end', () => {
    expect(applyMaskEdit(maskPhone, { previous: '(11) 9876', raw: '(11) 98765', caret: 10, inputType: 'insertText' })).toEqual({
      value: '(11) 9876-5',
      caret: 11,
    });
  });

  it('keeps the caret in place when typing in the middle', () => {
    // "123.456.789-0" with "9" typed after "123." → digits 1239456789 0
    const result = applyMaskEdit(maskCpf, { previous: '123.456.789-0', raw: '123.9456.789-0', caret: 5, inputType: 'insertText' });
    expect(result.value).toBe('123.945.678-90');
    expect(result.value.slice(0, result.caret)).toBe('123.9');
  });

  it('deletes the digit before a separator instead of getting stuck on it', () => {
    // Backspace right after "-" in "(11) 9876-5": the mask would put the "-" back.
    const result = applyMaskEdit(maskPhone, { previous: '(11) 9876-5', raw: '(11) 98765', caret: 9, inputType: 'deleteContentBackward' });
    expect(result).toEqual({ value: '(11) 9875', caret: 8 });
  });

  it('forward-deletes the digit after a separator', () => {
    const result = applyMaskEdit(maskCpf, { previous: '123.456', raw: '123456', caret: 3, inputType: 'deleteContentForward' });
    expect(result.value).toBe('123.56');
    expect(result.caret).toBe(3);
  });

  it('formats pasted text and puts the caret at its end', () => {
    expect(applyMaskEdit(maskCpf, { previous: '', raw: '12345678901', caret: 11, inputType: 'insertFromPaste' })).toEqual({
      value: '123.456.789-01',
      caret: 14,
    });
  });

  it('rejects what the mask does not accept without moving the caret', () => {
    expect(applyMaskEdit(maskCpf, { previous: '123', raw: '12a3', caret: 3, inputType: 'insertText' })).toEqual({ value: '123', caret: 2 });
  });
});

describe('positionAfterSignificant', () => {
  it('skips the decoration a mask adds', () => {
    expect(positionAfterSignificant('(11) 9876-5432', 0)).toBe(0);
    expect(positionAfterSignificant('(11) 9876-5432', 2)).toBe(3);
    expect(positionAfterSignificant('(11) 9876-5432', 6)).toBe(9);
    expect(positionAfterSignificant('(11) 9876-5432', 99)).toBe(14);
  });
});

describe('the money field: what a person types', () => {
  it('reads the decimal comma, thousands dots, whole amounts and zero (issue 25: "1500,5" was R$ 150,05)', () => {
    expect(centsFromMoneyText('1500,5')).toBe(150_050);
    expect(centsFromMoneyText('1.500,50')).toBe(150_050);
    expect(centsFromMoneyText('1500')).toBe(150_000);
    expect(centsFromMoneyText('0,5')).toBe(50);
    expect(centsFromMoneyText('0')).toBe(0);
    expect(centsFromMoneyText('0,00')).toBe(0);
    expect(centsFromMoneyText(',5')).toBe(50);
    expect(centsFromMoneyText('1.500')).toBe(150_000);
    expect(centsFromMoneyText('1.234.567,89')).toBe(123_456_789);
  });

  it('reads its own display back, so a field left and edited keeps its amount', () => {
    expect(centsFromMoneyText('R$\u00a01.500,50')).toBe(150_050);
    expect(centsFromMoneyText('R$ 0,00')).toBe(0);
  });

  it('takes a lone dot with one or two digits after it as a decimal point (a keypad with only a dot)', () => {
    expect(centsFromMoneyText('1500.5')).toBe(150_050);
    expect(centsFromMoneyText('0.75')).toBe(75);
  });

  it('is empty without a digit, never negative, and stops at two decimals and the digit limit', () => {
    expect(centsFromMoneyText('')).toBeNull();
    expect(centsFromMoneyText('R$ ')).toBeNull();
    expect(centsFromMoneyText('-12,34')).toBe(1234);
    expect(maskMoneyText('12,345')).toBe('12,34');
    expect(maskMoneyText('1,2,3')).toBe('1,23');
    expect(maskMoneyText('abc1.5x00,5')).toBe('1.500,5');
    expect(centsFromMoneyText('999999999999999,99', 13)).toBe(9_999_999_999_999);
  });

  it('converts between cents and the API’s reais without float noise', () => {
    expect(reaisFromCents(150_050)).toBe(1500.5);
    expect(reaisFromCents(null)).toBeNull();
    expect(centsFromReais(0.1 + 0.2)).toBe(30);
    expect(centsFromReais(undefined)).toBeNull();
  });
});
