import { describe, expect, it } from 'vitest';
import { inPeriod, maskPeriod, toggled } from './form-logic.ts';

describe('the payment period as it is typed', () => {
  it('writes dd/mm/yyyy - dd/mm/yyyy from the digits, the separator only once the end starts', () => {
    expect(maskPeriod('')).toBe('');
    expect(maskPeriod('0103')).toBe('01/03');
    expect(maskPeriod('01032025')).toBe('01/03/2025');
    expect(maskPeriod('010320253')).toBe('01/03/2025 - 3');
    expect(maskPeriod('0103202531032025')).toBe('01/03/2025 - 31/03/2025');
  });

  it('keeps its own output, a pasted period and nothing past the end date', () => {
    expect(maskPeriod('01/03/2025 - 31/03/2025')).toBe('01/03/2025 - 31/03/2025');
    expect(maskPeriod('01.03.2025 a 31.03.2025 99')).toBe('01/03/2025 - 31/03/2025');
    expect(maskPeriod('abc')).toBe('');
  });
});

describe('a checkable list', () => {
  it('adds a checked id once and removes an unchecked one', () => {
    expect(toggled([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggled([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggled([1, 2], 1, false)).toEqual([2]);
  });
});

describe('inPeriod: what the dialog offers to bill', () => {
  const march = { inicio: '2026-03-01', fim: '2026-03-31' };
  it('compares the São Paulo day the report was written on', () => {
    expect(inPeriod('2026-03-01T12:00:00Z', march)).toBe(true);
    // 23:00 on 28 February in São Paulo, although 1 March in UTC.
    expect(inPeriod('2026-03-01T02:00:00Z', march)).toBe(false);
    expect(inPeriod('2026-04-01T02:00:00Z', march)).toBe(true);
    expect(inPeriod('2026-04-01T12:00:00Z', march)).toBe(false);
  });
  it('offers everything while no valid period is typed', () => {
    expect(inPeriod('2020-01-01T12:00:00Z', null)).toBe(true);
  });
});
