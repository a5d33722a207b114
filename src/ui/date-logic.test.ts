import { describe, expect, it } from 'vitest';
import { dateTextError, dateTimeTextsOf, dateTimeValueOf, dateValueOf, isIsoDate, maskTime, timeTextError } from './date-logic.ts';

describe('date field rules', () => {
  it('hands back the ISO day only for a real, complete date', () => {
    expect(dateValueOf('10/03/2025')).toBe('2025-03-10');
    expect(dateValueOf('29/02/2024')).toBe('2024-02-29');
    expect(dateValueOf('29/02/2025')).toBe('29/02/2025');
    expect(dateValueOf('10/03')).toBe('10/03');
    expect(dateValueOf('')).toBe('');
    expect(isIsoDate('2025-02-31')).toBe(false);
  });

  it('flags an impossible date at once and an incomplete one after leaving', () => {
    expect(dateTextError('31/02/2025', false)).toBe('Data inválida');
    expect(dateTextError('10/0', false)).toBeUndefined();
    expect(dateTextError('10/0', true)).toBe('Data inválida');
    expect(dateTextError('', true)).toBeUndefined();
  });

  it('masks a time and reads only 00:00 to 23:59', () => {
    expect(maskTime('1430')).toBe('14:30');
    expect(maskTime('14')).toBe('14');
    expect(maskTime('14:305')).toBe('14:30');
    expect(timeTextError('23:59', false)).toBeUndefined();
    expect(timeTextError('24:00', false)).toBe('Hora inválida');
    expect(timeTextError('12:60', false)).toBe('Hora inválida');
  });

  it('round-trips a date and time through the value, complete or not', () => {
    for (const [date, time] of [
      ['10/03/2025', '14:30'],
      ['10/03/2025', ''],
      ['', '14:30'],
      ['31/02/2025', '14:30'],
      ['10/03', '9'],
    ] as const) {
      expect(dateTimeTextsOf(dateTimeValueOf(date, time))).toEqual({ date, time });
    }
    expect(dateTimeValueOf('10/03/2025', '14:30')).toBe('2025-03-10T14:30');
    expect(dateTimeValueOf('', '')).toBe('');
    expect(dateTimeTextsOf('2025-03-10')).toEqual({ date: '10/03/2025', time: '' });
  });
});
