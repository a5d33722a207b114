import { describe, expect, it } from 'vitest';
import { addBusinessDays, brazilianHolidays, easterSunday, isBusinessDay, saoPauloDate } from './business-days.ts';

describe('easterSunday', () => {
  it('matches known Easter dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });
});

describe('brazilianHolidays', () => {
  it('holds the fixed and the movable national holidays', () => {
    const h = brazilianHolidays(2026);
    for (const d of [
      '2026-01-01',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ])
      expect(h.has(d), d).toBe(true);
    // Carnival Monday and Tuesday, Good Friday, Easter, Corpus Christi of 2026.
    for (const d of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-04-05', '2026-06-04']) expect(h.has(d), d).toBe(true);
    expect(h.size).toBe(14);
  });
  it('has 20 November only from 2024', () => {
    expect(brazilianHolidays(2023).has('2023-11-20')).toBe(false);
    expect(brazilianHolidays(2024).has('2024-11-20')).toBe(true);
  });
});

describe('isBusinessDay', () => {
  it('refuses weekends and holidays', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Friday, Consciência Negra
    expect(isBusinessDay('2026-11-23')).toBe(true);
  });
});

describe('addBusinessDays', () => {
  const at = (iso: string) => new Date(iso);
  it('adds two business days on an ordinary week', () => {
    expect(addBusinessDays(at('2026-11-16T15:00:00Z'), 2)).toBe('2026-11-18');
  });
  it('skips a holiday on a Friday and the weekend', () => {
    // Thursday 19 November 2026; Friday 20 is a holiday: Monday 23, Tuesday 24.
    expect(addBusinessDays(at('2026-11-19T15:00:00Z'), 2)).toBe('2026-11-24');
  });
  it('crosses a year boundary past Christmas and New Year', () => {
    // Wednesday 30 December 2026: Thursday 31, (Friday 1 January holiday), Monday 4 January 2027.
    expect(addBusinessDays(at('2026-12-30T15:00:00Z'), 2)).toBe('2027-01-04');
    // Thursday 24 December 2026: (Friday 25 holiday), Monday 28, Tuesday 29.
    expect(addBusinessDays(at('2026-12-24T15:00:00Z'), 2)).toBe('2026-12-29');
  });
  it('skips Carnival Monday and Tuesday', () => {
    // Friday 13 February 2026: Monday 16 and Tuesday 17 are Carnival: Wednesday 18, Thursday 19.
    expect(addBusinessDays(at('2026-02-13T15:00:00Z'), 2)).toBe('2026-02-19');
  });
  it('skips Good Friday', () => {
    // Wednesday 1 April 2026: Thursday 2, (Good Friday 3, weekend), Monday 6.
    expect(addBusinessDays(at('2026-04-01T15:00:00Z'), 2)).toBe('2026-04-06');
  });
  it('counts from the São Paulo date: late at night in UTC is still the previous day there', () => {
    // 02:30 UTC on Saturday 21 November is 23:30 on Friday 20 November in São Paulo.
    expect(saoPauloDate(at('2026-11-21T02:30:00Z'))).toBe('2026-11-20');
    // Finalized Tuesday 17 November at 23:30 in São Paulo (02:30 UTC on the 18th): Wednesday 18, Thursday 19.
    expect(addBusinessDays(at('2026-11-18T02:30:00Z'), 2)).toBe('2026-11-19');
    // Whereas 03:00 UTC is already the 18th there: Thursday 19, (Friday 20 holiday, weekend), Monday 23.
    expect(addBusinessDays(at('2026-11-18T03:00:00Z'), 2)).toBe('2026-11-23');
  });
  it('never counts the start day, even when it is not a business day', () => {
    // Saturday 21 November 2026: Monday 23, Tuesday 24.
    expect(addBusinessDays(at('2026-11-21T15:00:00Z'), 2)).toBe('2026-11-24');
  });
});
