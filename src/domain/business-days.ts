/**
 * Brazilian business days (spec §5 "Resend"): the resend deadline is two business days after the
 * analysis is finalized, skipping Saturdays, Sundays and national holidays, counted on the calendar
 * of America/Sao_Paulo. Pure: dates are YYYY-MM-DD strings, arithmetic is done at UTC noon so no
 * time zone of the machine running it can move a day.
 */

/** São Paulo is UTC−3 all year: Brazil abolished daylight saving time in 2019 (Decree 9.772/2019). */
const SAO_PAULO_OFFSET_MS = -3 * 3600 * 1000;

/** Fixed national holidays (MM-DD); 11-20 (Consciência Negra) joins them from 2024 (Law 14.759/2023). */
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const noonOf = (iso: string) => new Date(`${iso}T12:00:00Z`);

function shift(iso: string, days: number): string {
  const d = noonOf(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

/** Easter Sunday of the Gregorian calendar (anonymous algorithm, Meeus/Jones/Butcher), YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const cache = new Map<number, ReadonlySet<string>>();

/**
 * National holidays of a year (YYYY-MM-DD): the fixed ones, Carnival Monday and Tuesday (Easter − 48
 * and − 47), Good Friday (− 2), Easter and Corpus Christi (+ 60).
 */
export function brazilianHolidays(year: number): ReadonlySet<string> {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const days = new Set<string>([
    ...FIXED_HOLIDAYS.map((md) => `${year}-${md}`),
    ...(year >= 2024 ? [`${year}-11-20`] : []),
    shift(easter, -48),
    shift(easter, -47),
    shift(easter, -2),
    easter,
    shift(easter, 60),
  ]);
  cache.set(year, days);
  return days;
}

/** A weekday that is not a national holiday. */
export function isBusinessDay(iso: string): boolean {
  const weekday = noonOf(iso).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !brazilianHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The calendar date of an instant in São Paulo, YYYY-MM-DD. */
export function saoPauloDate(instant: Date): string {
  return isoOf(new Date(instant.getTime() + SAO_PAULO_OFFSET_MS));
}

/**
 * The date in São Paulo of `from`, plus `days` business days (the start day itself never counts,
 * whether or not it is a business day): finalized on a Friday, two business days is the Tuesday.
 */
export function addBusinessDays(from: Date, days: number): string {
  let day = saoPauloDate(from);
  let left = days;
  while (left > 0) {
    day = shift(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}
