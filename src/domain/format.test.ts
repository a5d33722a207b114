import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  maskCpf,
  maskDate,
  maskPhone,
  parseDateBr,
  parseMoney,
  todayInSaoPaulo,
} from './format.ts';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes R$ with thousands dots and two decimals', () => {
    expect(formatMoney(1234.56)).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney(1234567.891)).toBe(`R$${NBSP}1.234.567,89`);
    expect(formatMoney(0)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(5)).toBe(`R$${NBSP}5,00`);
    expect(formatMoney(0.1 + 0.2)).toBe(`R$${NBSP}0,30`);
  });

  it('never shows a negative amount', () => {
    expect(formatMoney(-10)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(-0)).toBe(`R$${NBSP}0,00`);
  });

  it('shows nothing for a missing or non-numeric value', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('parseMoney', () => {
  it('parses pt-BR amounts and rejects negatives and garbage', () => {
    expect(parseMoney('R$ 1.234,56')).toBe(1234.56);
    expect(parseMoney(`R$${NBSP}1.234,56`)).toBe(1234.56);
    expect(parseMoney('1234,5')).toBe(1234.5);
    expect(parseMoney('1.234')).toBe(1234);
    expect(parseMoney('0,00')).toBe(0);
    expect(parseMoney('-5,00')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('12,345')).toBeNull();
    expect(parseMoney('1.23,00')).toBeNull();
  });

  it('round-trips what it formats', () => {
    expect(parseMoney(formatMoney(98765.43))).toBe(98765.43);
  });
});

describe('formatDate and formatDateTime (America/Sao_Paulo)', () => {
  it('converts instants to São Paulo time, crossing midnight back to the previous day', () => {
    expect(formatDate('2025-03-10T02:00:00Z')).toBe('09/03/2025');
    expect(formatDateTime('2025-03-10T02:00:00Z')).toBe('09/03/2025 23:00');
    expect(formatDateTime('2025-03-10T03:00:00.000Z')).toBe('10/03/2025 00:00');
    expect(formatDateTime('2025-03-10T10:15:00-03:00')).toBe('10/03/2025 10:15');
    expect(formatDateTime('2025-03-10T10:15:00+0100')).toBe('10/03/2025 06:15');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 59)))).toBe('31/12/2024 20:59');
    expect(formatDate(Date.UTC(2024, 0, 1, 2, 59))).toBe('31/12/2023');
  });

  it('uses UTC-3 all year since 2019, and the old summer time before', () => {
    // January and July give the same offset now that Brazil has no daylight saving time.
    expect(formatDateTime('2024-01-15T12:00:00Z')).toBe('15/01/2024 09:00');
    expect(formatDateTime('2024-07-15T12:00:00Z')).toBe('15/07/2024 09:00');
    // Summer 2018/2019 was still UTC-2.
    expect(formatDateTime('2019-01-15T12:00:00Z')).toBe('15/01/2019 10:00');
  });

  it('keeps zone-less dates and times as São Paulo calendar values, never shifting the day', () => {
    expect(formatDate('2025-03-10')).toBe('10/03/2025');
    expect(formatDateTime('2025-03-10')).toBe('10/03/2025 00:00');
    expect(formatDateTime('2025-03-10T14:30:00')).toBe('10/03/2025 14:30');
    expect(formatDateTime('2025-03-10 08:05')).toBe('10/03/2025 08:05');
  });

  it('shows nothing for missing, unreadable or impossible dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('lixo')).toBe('');
    expect(formatDate('2025-02-30')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDateTime('10/03/2025')).toBe('');
  });
});

describe('todayInSaoPaulo', () => {
  it("is São Paulo's calendar day, which starts three hours after UTC's", () => {
    expect(todayInSaoPaulo(new Date('2026-01-01T02:59:00Z'))).toBe('2025-12-31');
    expect(todayInSaoPaulo(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
    expect(todayInSaoPaulo(new Date('2026-02-28T12:00:00Z'))).toBe('2026-02-28');
  });
});

describe('parseDateBr', () => {
  it('turns a complete, real DD/MM/YYYY into ISO', () => {
    expect(parseDateBr('31/12/2025')).toBe('2025-12-31');
    expect(parseDateBr(' 29/02/2024 ')).toBe('2024-02-29');
  });

  it('refuses partial or impossible dates', () => {
    expect(parseDateBr('29/02/2023')).toBeNull();
    expect(parseDateBr('31/04/2025')).toBeNull();
    expect(parseDateBr('00/01/2025')).toBeNull();
    expect(parseDateBr('01/13/2025')).toBeNull();
    expect(parseDateBr('1/2/2025')).toBeNull();
    expect(parseDateBr('01/02/25')).toBeNull();
  });

  it('accepts what maskDate produces', () => {
    expect(parseDateBr(maskDate('01022024'))).toBe('2024-02-01');
  });
});

describe('masks', () => {
  it('digitsOnly strips everything else', () => {
    expect(digitsOnly('(48) 9 9999-0000')).toBe('48999990000');
    expect(digitsOnly('abc')).toBe('');
  });

  it('maskCpf grows as digits are typed and stops at eleven', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('1')).toBe('1');
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('1234567')).toBe('123.456.7');
    expect(maskCpf('123456789')).toBe('123.456.789');
    expect(maskCpf('1234567890')).toBe('123.456.789-0');
    expect(maskCpf('12345678901')).toBe('123.456.789-01');
    expect(maskCpf('123456789012345')).toBe('123.456.789-01');
    expect(maskCpf('123.456.789-01')).toBe('123.456.789-01');
  });

  it('maskPhone switches to the mobile layout at the eleventh digit', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('4')).toBe('(4');
    expect(maskPhone('48')).toBe('(48');
    expect(maskPhone('483')).toBe('(48) 3');
    expect(maskPhone('483222')).toBe('(48) 3222');
    expect(maskPhone('4832221')).toBe('(48) 3222-1');
    expect(maskPhone('4832221234')).toBe('(48) 3222-1234');
    expect(maskPhone('48999991234')).toBe('(48) 99999-1234');
    expect(maskPhone('489999912345')).toBe('(48) 99999-1234');
    // Deleting back from a mobile number returns to the landline layout.
    expect(maskPhone('(48) 99999-123')).toBe('(48) 9999-9123');
  });

  it('maskDate writes DD/MM/YYYY as digits are typed', () => {
    expect(maskDate('')).toBe('');
    expect(maskDate('0')).toBe('0');
    expect(maskDate('01')).toBe('01');
    expect(maskDate('010')).toBe('01/0');
    expect(maskDate('0102')).toBe('01/02');
    expect(maskDate('01022')).toBe('01/02/2');
    expect(maskDate('010220241')).toBe('01/02/2024');
    expect(maskDate('01/02/2024')).toBe('01/02/2024');
  });
});

describe('formatBytes', () => {
  const MB = 1024 * 1024;
  it('formats sizes in pt-BR units', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(10)).toBe('1 KB');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(12.4 * MB)).toBe('12,4 MB');
    expect(formatBytes(1.25 * 1024 * MB)).toBe('1,3 GB');
  });
});
