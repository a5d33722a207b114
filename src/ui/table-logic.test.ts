import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  columnWidthCh,
  sampleRows,
  bodyRowIndex,
  cardColumnOrder,
  compareCellValues,
  firstWindow,
  nextSort,
  shouldVirtualize,
  sortAnnouncement,
  sortRows,
  spacerHeights,
} from './table-logic.ts';

describe('sortRows', () => {
  const names = ['Órleans', 'itajaí', 'Águas Mornas', 'Blumenau', 'Içara'];

  it('sorts text accent- and case-insensitively in pt-BR order', () => {
    expect(sortRows(names, (n) => n, 'asc')).toEqual(['Águas Mornas', 'Blumenau', 'Içara', 'itajaí', 'Órleans']);
    expect(sortRows(names, (n) => n, 'desc')).toEqual(['Órleans', 'itajaí', 'Içara', 'Blumenau', 'Águas Mornas']);
  });

  it('sorts numbers numerically and numeric runs inside text as numbers', () => {
    expect(sortRows([10, 9, 100, -1], (n) => n, 'asc')).toEqual([-1, 9, 10, 100]);
    expect(sortRows(['Faixa 10', 'Faixa 2', 'Faixa 1'], (n) => n, 'asc')).toEqual(['Faixa 1', 'Faixa 2', 'Faixa 10']);
  });

  it('sorts dates chronologically', () => {
    const rows = [new Date('2025-03-01'), new Date('2024-12-31'), new Date('2025-01-15')];
    expect(sortRows(rows, (d) => d, 'desc').map((d) => d.toISOString().slice(0, 10))).toEqual(['2025-03-01', '2025-01-15', '2024-12-31']);
  });

  it('keeps empty values last in both directions', () => {
    const rows = [{ v: 'b' }, { v: null }, { v: 'a' }, { v: '' }, { v: undefined }];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual(['a', 'b', null, '', undefined]);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual(['b', 'a', null, '', undefined]);
  });

  it('is stable: ties keep the order they arrived in', () => {
    const rows = [
      { id: 1, uf: 'SC' },
      { id: 2, uf: 'PR' },
      { id: 3, uf: 'SC' },
      { id: 4, uf: 'sc' },
    ];
    expect(sortRows(rows, (r) => r.uf, 'asc').map((r) => r.id)).toEqual([2, 1, 3, 4]);
  });

  it('does not touch the input array', () => {
    const rows = ['b', 'a'];
    sortRows(rows, (r) => r, 'asc');
    expect(rows).toEqual(['b', 'a']);
  });

  // Speed is a property of the comparator, not of the machine's load: a sort of n rows reads each
  // row's key once (keys are computed up front) and compares O(n log n) times, never per pair.
  it('sorts 5,000 rows reading each key once, in natural order', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ nome: `Município ${(i * 7919) % 5000}` }));
    let reads = 0;
    const sorted = sortRows(
      rows,
      (r) => {
        reads++;
        return r.nome;
      },
      'asc',
    );
    expect(reads).toBeLessThanOrEqual(rows.length);
    expect(sorted[0].nome).toBe('Município 0');
    expect(sorted[9].nome).toBe('Município 9');
    expect(sorted[10].nome).toBe('Município 10');
    expect(sorted[4999].nome).toBe('Município 4999');
  });
});

describe('compareCellValues', () => {
  it('compares booleans and falls back to text for mixed kinds', () => {
    expect(compareCellValues(false, true)).toBeLessThan(0);
    expect(compareCellValues(2, 'a')).toBeLessThan(0);
  });
});

describe('sort state', () => {
  it('starts a new column ascending and flips the current one', () => {
    expect(nextSort(null, 'nome')).toEqual({ key: 'nome', direction: 'asc' });
    expect(nextSort({ key: 'nome', direction: 'asc' }, 'nome')).toEqual({ key: 'nome', direction: 'desc' });
    expect(nextSort({ key: 'nome', direction: 'desc' }, 'nome')).toEqual({ key: 'nome', direction: 'asc' });
    expect(nextSort({ key: 'nome', direction: 'desc' }, 'uf')).toEqual({ key: 'uf', direction: 'asc' });
  });

  it('marks only the sorted column with aria-sort', () => {
    expect(ariaSort({ key: 'nome', direction: 'asc' }, 'nome')).toBe('ascending');
    expect(ariaSort({ key: 'nome', direction: 'desc' }, 'nome')).toBe('descending');
    expect(ariaSort({ key: 'nome', direction: 'asc' }, 'uf')).toBeUndefined();
    expect(ariaSort(null, 'uf')).toBeUndefined();
  });

  it('announces the new order in pt-BR', () => {
    expect(sortAnnouncement('Município', 'asc')).toBe('Ordenado por Município, ordem crescente');
    expect(sortAnnouncement('Criado em', 'desc')).toBe('Ordenado por Criado em, ordem decrescente');
  });
});

describe('virtual window', () => {
  it('virtualises only above the threshold, so short lists keep every row in the DOM', () => {
    expect(shouldVirtualize(100)).toBe(false);
    expect(shouldVirtualize(101)).toBe(true);
    expect(shouldVirtualize(3, 2)).toBe(true);
  });

  it('sizes the spacers to the rows outside the window', () => {
    const window = [
      { start: 370, end: 407 },
      { start: 407, end: 444 },
    ];
    expect(spacerHeights(window, 3700)).toEqual({ top: 370, bottom: 3256 });
    expect(spacerHeights([], 3700)).toEqual({ top: 0, bottom: 0 });
    expect(spacerHeights([{ start: 0, end: 37 }], 37)).toEqual({ top: 0, bottom: 0 });
  });

  it('before the window arrives, shows a screenful plus the overscan and keeps the height of the whole list', () => {
    const first = firstWindow(2000, 40, 10);
    expect(first.indexes).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(first).toMatchObject({ top: 0, bottom: (2000 - 30) * 40 });
    expect(firstWindow(12, 40, 10)).toEqual({ indexes: Array.from({ length: 12 }, (_, i) => i), top: 0, bottom: 0 });
  });

  it('numbers body rows after the header row', () => {
    expect(bodyRowIndex(0)).toBe(2);
    expect(bodyRowIndex(4999)).toBe(5001);
  });
});

describe('column widths of a virtualised table', () => {
  it('fits the widest sampled text, within bounds', () => {
    expect(columnWidthCh(['SC', 'PR'], 'UF')).toBe(4);
    expect(columnWidthCh(['Florianópolis', 'Itajaí'], 'Município')).toBe(13);
    expect(columnWidthCh(['x'.repeat(300)], 'Descrição')).toBe(40);
    expect(columnWidthCh([], 'Status do contrato')).toBe(20);
  });

  it('samples evenly across a long list', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    const sample = sampleRows(rows, 4);
    expect(sample).toEqual([0, 250, 500, 750]);
    expect(sampleRows([1, 2], 4)).toEqual([1, 2]);
  });
});

describe('cardColumnOrder', () => {
  it('puts the row header first, then the prioritised columns, then the rest in table order', () => {
    const columns = [
      { key: 'id' },
      { key: 'titulo', rowHeader: true },
      { key: 'autor' },
      { key: 'status', cardPriority: 1 },
      { key: 'motivo', cardPriority: 2 },
      { key: 'criacao' },
    ];
    expect(cardColumnOrder(columns).map((c) => c.key)).toEqual(['titulo', 'status', 'motivo', 'id', 'autor', 'criacao']);
  });

  it('keeps the table order when no column asks for a place', () => {
    expect(cardColumnOrder([{ key: 'a' }, { key: 'b' }, { key: 'c' }]).map((c) => c.key)).toEqual(['a', 'b', 'c']);
  });
});
