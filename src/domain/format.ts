/**
 * pt-BR display formats and input masks (spec §1 and §9). Shared by the client and the server
 * (PDFs, mails), so every date is shown in São Paulo time whatever the machine's zone.
 */

export const TIME_ZONE = 'America/Sao_Paulo';

// ---------------------------------------------------------------- money

const moneyNumber = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "R$ 1.234,56" (the space is a no-break space, so the prefix never wraps away from the number).
 * Money is never negative in this product (spec §1): a negative amount shows as R$ 0,00 rather
 * than a sign no input could have produced. Empty or non-numeric values show nothing.
 */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `R$\u00a0${moneyNumber.format(Math.max(0, value))}`;
}

/** "R$ 1.234,56" or "1234,56" to 1234.56; null for empty text, a negative amount or anything unreadable. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (cleaned === '' || cleaned.includes('-')) return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned.replace(/\./g, '').replace(',', '.'));
}

// ---------------------------------------------------------------- dates

export type DateInput = Date | string | number | null | undefined;

// "2025-03-10", optionally followed by a wall-clock time without a zone.
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

type Parts = { day: string; month: string; year: string; hour: string; minute: string };

/**
 * Dates without a zone ("2025-03-10", prazoReenvio) are calendar dates already in São Paulo: read
 * as instants they would fall on the previous day there. Only values that carry a zone, epoch
 * numbers and Date objects are instants converted to São Paulo time.
 */
function parts(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    const wall = WALL_CLOCK.exec(text);
    if (wall) {
      const [, year, month, day, hour = '00', minute = '00'] = wall;
      return isCalendarDate(Number(year), Number(month), Number(day)) ? { day, month, year, hour, minute } : null;
    }
    if (!WITH_ZONE.test(text)) return null;
    // Strict ISO form (T separator, colon in the offset): some browsers refuse the looser spellings.
    return instantParts(new Date(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')));
  }
  return instantParts(typeof value === 'number' ? new Date(value) : value);
}

// One Intl formatter rather than date-fns-tz: date-fns-tz loads the whole date-fns index (about 300
// modules, ~0.4 s of a server's start, issue 32 item 9) and builds each answer piece by piece.
const SAO_PAULO_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function instantParts(date: Date): Parts | null {
  if (Number.isNaN(date.getTime())) return null;
  const found: Record<string, string> = {};
  for (const { type, value } of SAO_PAULO_PARTS.formatToParts(date)) found[type] = value;
  return { day: found.day!, month: found.month!, year: found.year!.padStart(4, '0'), hour: found.hour!, minute: found.minute! };
}

/** DD/MM/YYYY in São Paulo; empty for a missing or unreadable value. */
export function formatDate(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** DD/MM/YYYY HH:mm in São Paulo; empty for a missing or unreadable value. */
export function formatDateTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** Today in São Paulo, as YYYY-MM-DD (a date input's value, a done date's upper bound). */
export function todayInSaoPaulo(now = new Date()): string {
  // The module's one São Paulo formatter, not a new one per call.
  const p = instantParts(now);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** "31/12/2025" to "2025-12-31"; null unless the text is a complete, real date. */
export function parseDateBr(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  return isCalendarDate(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : null;
}

// ---------------------------------------------------------------- masks

export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Applies a mask of # placeholders to the digits typed so far. Literals are written only when a
 * digit follows them, so a partial entry never ends in a dangling separator the user must delete.
 * An opening literal (the phone's "(") is written as soon as there is a digit.
 */
function applyMask(digits: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '#') out += digits[i++];
    else out += ch;
  }
  return out;
}

/** ###.###.###-## */
export function maskCpf(input: string): string {
  return applyMask(digitsOnly(input).slice(0, 11), '###.###.###-##');
}

/** (##) ####-#### for landlines, (##) #####-#### once an eleventh digit makes it a mobile number. */
export function maskPhone(input: string): string {
  const digits = digitsOnly(input).slice(0, 11);
  return applyMask(digits, digits.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

/** ##/##/#### */
export function maskDate(input: string): string {
  return applyMask(digitsOnly(input).slice(0, 8), '##/##/####');
}

/** "820 KB", "12,4 MB", "1,2 GB": sizes in the sync centre. */
export function formatBytes(bytes: number): string {
  const kb = 1024;
  const mb = kb * 1024;
  const gb = mb * 1024;
  const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  if (bytes >= gb) return `${number(bytes / gb)} GB`;
  if (bytes >= mb) return `${number(bytes / mb)} MB`;
  // Below a megabyte, whole kilobytes; a non-empty file never shows as "0 KB".
  return `${bytes > 0 ? Math.max(1, Math.round(bytes / kb)) : 0} KB`;
}
