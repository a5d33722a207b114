/**
 * The pure rules behind the date and time fields (date-field.tsx). No DOM, so they run in node tests.
 *
 * The fields type DD/MM/AAAA and HH:MM but hand their callers the formats the forms and schemas
 * already use: "YYYY-MM-DD", "HH:mm" and "YYYY-MM-DDTHH:mm" (São Paulo wall clock), "" when empty.
 * While the text is incomplete or impossible ("31/02/2025") the field hands back the text itself:
 * the schemas refuse it, so a half-typed date blocks the form instead of being dropped silently,
 * and the field can show the text again exactly as typed.
 */
import { parseDateBr } from '../domain/format.ts';

export const DATE_INVALID = 'Data inválida';
export const TIME_INVALID = 'Hora inválida';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** "2025-03-10" to "10/03/2025"; null unless the value is a real calendar day in ISO form. */
export function isoToBr(value: string): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const br = `${match[3]}/${match[2]}/${match[1]}`;
  return parseDateBr(br) === value ? br : null;
}

/** True for a real calendar day as "YYYY-MM-DD", what a date field hands back once complete. */
export function isIsoDate(value: string): boolean {
  return isoToBr(value) !== null;
}

/** What a date field shows for its value: ISO days as DD/MM/AAAA, anything else (text typed) as it is. */
export function dateTextOf(value: string): string {
  return isoToBr(value) ?? value;
}

/** What a date field hands back for its text: "" when empty, the ISO day when complete and real, else the text. */
export function dateValueOf(text: string): string {
  if (text === '') return '';
  return parseDateBr(text) ?? text;
}

/**
 * The error a date field shows for its own text: none while empty or real, and for incomplete
 * text only once the user has left the field (no error while the first digits are typed).
 */
export function dateTextError(text: string, left: boolean): string | undefined {
  if (text === '' || parseDateBr(text) !== null) return undefined;
  return text.length === 10 || left ? DATE_INVALID : undefined;
}

/** ##:## as the digits are typed; a partial entry never ends in a dangling ":". */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** True for a complete, real time of day "HH:mm" (00:00 to 23:59). */
export function isTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59;
}

/** Like dateTextError, for HH:MM text. */
export function timeTextError(text: string, left: boolean): string | undefined {
  if (text === '' || isTime(text)) return undefined;
  return text.length === 5 || left ? TIME_INVALID : undefined;
}

/** The date and time texts a date-and-time field shows for its value. */
export function dateTimeTextsOf(value: string): { date: string; time: string } {
  const match = ISO_DATE_TIME.exec(value);
  if (match && isIsoDate(match[1]!)) return { date: dateTextOf(match[1]!), time: match[2]! };
  if (isIsoDate(value)) return { date: dateTextOf(value), time: '' };
  // dateTimeValueOf joins incomplete texts with a space, which neither text can contain.
  const space = value.indexOf(' ');
  return space === -1 ? { date: value, time: '' } : { date: value.slice(0, space), time: value.slice(space + 1) };
}

/**
 * What a date-and-time field hands back: "YYYY-MM-DDTHH:mm" when both parts are complete and
 * real, "" when both are empty, else both texts joined by a space ("10/03/2025 14:"), which no
 * wall-clock schema reads as a time.
 */
export function dateTimeValueOf(date: string, time: string): string {
  if (date === '' && time === '') return '';
  const day = parseDateBr(date);
  if (day !== null && isTime(time)) return `${day}T${time}`;
  return `${date} ${time}`;
}
