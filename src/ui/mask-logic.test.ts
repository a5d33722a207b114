import { describe, expect, it } from 'vitest';
import { maskCpf, maskPhone } from '../domain/format.ts';
import { applyMaskEdit, centsFromMoneyInput, positionAfterSignificant } from './mask-logic.ts';

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

describe('centsFromMoneyInput', () => {
  it('fills digits from the right like a till', () => {
    expect(centsFromMoneyInput('1')).toBe(1);
    expect(centsFromMoneyInput('R$ 0,012')).toBe(12);
    expect(centsFromMoneyInput('R$ 0,123')).toBe(123);
    expect(centsFromMoneyInput('R$ 1.234,567')).toBe(1234567);
  });

  it('never goes negative', () => {
    expect(centsFromMoneyInput('-R$ 12,34')).toBe(1234);
    expect(centsFromMoneyInput('-5')).toBe(5);
  });

  it('shifts right on Backspace and empties when nothing is left', () => {
    expect(centsFromMoneyInput('R$ 12,3', 'deleteContentBackward')).toBe(123);
    expect(centsFromMoneyInput('R$ 0,0', 'deleteContentBackward')).toBeNull();
    expect(centsFromMoneyInput('', 'deleteContentBackward')).toBeNull();
  });

  it('accepts a typed zero', () => {
    expect(centsFromMoneyInput('0', 'insertText')).toBe(0);
  });

  it('stops at the digit limit', () => {
    expect(centsFromMoneyInput('99999999999999999', 'insertText', 13)).toBe(9999999999999);
  });
});
