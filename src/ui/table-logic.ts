/**
 * The pure rules behind DataTable: cell values, sorting, truncation and the virtual window.
 * Kept free of React and the DOM so they run in the node test environment.
 */
import { compareText } from '../domain/text.ts';

/** What a cell holds before formatting; also what a column sorts by unless it says otherwise. */
export type CellValue = string | number | boolean | Date | null | undefined;

export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection };

/** Shown for an empty cell, so a blank is never mistaken for a rendering fault. */
export const EMPTY_CELL = '—';

/** Lists up to this many rows render every row (tests and find-in-page see them all); longer ones are virtualised. */
export const VIRTUALIZE_ABOVE = 100;

export function isEmptyValue(value: CellValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '' || (value instanceof Date && Number.isNaN(value.getTime()));
}

/**
 * Orders two cell values ascending. Empty values (null, undefined, '', invalid dates) are not
 * ordered here: `sortRows` keeps them last in both directions, where a user expects missing data.
 * Strings compare accent- and case-insensitively in pt-BR with numeric runs as numbers (spec §1).
 */
export function compareCellValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  // Mixed kinds only happen with inconsistent data; compare their text so the order is still total.
  return compareText(String(a), String(b));
}

/**
 * A sorted copy of `rows`. The sort is stable, so rows with equal values keep the caller's order
 * (a list that arrives sorted by date stays by date within a tie).
 */
export function sortRows<T>(rows: readonly T[], valueOf: (row: T) => CellValue, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row) }));
  keyed.sort((x, y) => {
    const xEmpty = isEmptyValue(x.value);
    const yEmpty = isEmptyValue(y.value);
    if (xEmpty || yEmpty) return Number(xEmpty) - Number(yEmpty);
    return sign * compareCellValues(x.value, y.value);
  });
  return keyed.map((k) => k.row);
}

/** A click on the sorted column flips it; a click on another column starts ascending. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | undefined {
  if (current?.key !== key) return undefined;
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

export function sortAnnouncement(header: string, direction: SortDirection): string {
  return `Ordenado por ${header}, ordem ${direction === 'asc' ? 'crescente' : 'decrescente'}`;
}

/**
 * A width for a column of a virtualised table, in `ch`. Those tables use a fixed layout (rows come
 * and go while scrolling, and auto layout would make the columns jump), so widths cannot come
 * from the content the browser happens to have rendered: they come from a sample of all of it.
 */
export function columnWidthCh(samples: readonly string[], header: string, { min = 4, max = 40 } = {}): number {
  // The header also holds the sort arrow, about two characters wide.
  let widest = Array.from(header).length + 2;
  for (const text of samples) widest = Math.max(widest, Array.from(text).length);
  return Math.min(Math.max(widest, min), max);
}

/** Up to `count` rows spread evenly over the list, so a width estimate sees its start, middle and end. */
export function sampleRows<T>(rows: readonly T[], count: number = 200): T[] {
  if (rows.length <= count) return [...rows];
  const step = rows.length / count;
  return Array.from({ length: count }, (_, i) => rows[Math.floor(i * step)]);
}

export function shouldVirtualize(rowCount: number, threshold: number = VIRTUALIZE_ABOVE): boolean {
  return rowCount > threshold;
}

/**
 * Heights of the two spacer rows that stand in for the rows outside the rendered window, so the
 * scrollbar keeps the size of the whole list.
 */
export function spacerHeights(window: ReadonlyArray<{ start: number; end: number }>, totalSize: number): { top: number; bottom: number } {
  if (window.length === 0) return { top: 0, bottom: 0 };
  const top = window[0].start;
  const bottom = Math.max(totalSize - window[window.length - 1].end, 0);
  return { top, bottom };
}

/** The height of the first paint's window in px (a screenful, before the scroll box has been measured). */
export const FIRST_WINDOW_PX = 800;

/**
 * The rows of a long list shown before its virtual window has arrived: a screenful plus the overscan
 * from the top, and one spacer with the others' estimated height, so the scrollbar already has the
 * size of the whole list.
 */
export function firstWindow(count: number, estimateSize: number, overscan: number): { indexes: number[]; top: number; bottom: number } {
  const shown = Math.min(count, Math.ceil(FIRST_WINDOW_PX / estimateSize) + overscan);
  return { indexes: Array.from({ length: shown }, (_, i) => i), top: 0, bottom: (count - shown) * estimateSize };
}

/** aria-rowindex of a body row: 1-based, and the header row is row 1. */
export function bodyRowIndex(index: number): number {
  return index + 2;
}

/** Below this viewport width the shared table shows each row as a card (a 360 px phone cannot show 5+ columns). */
export const CARD_QUERY = '(max-width: 600px)';

/**
 * The order of a row's fields in its narrow-screen card: the row header (the card's title) first,
 * then the columns with a `cardPriority` (lowest first), then the others in table order.
 */
export function cardColumnOrder<C extends { key: string; rowHeader?: boolean; cardPriority?: number }>(columns: readonly C[]): C[] {
  const rank = (column: C) => (column.rowHeader ? -Infinity : (column.cardPriority ?? Infinity));
  // Array.prototype.sort is stable: columns of equal rank keep their table order.
  return [...columns].sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1));
}
