import { describe, expect, it } from 'vitest';
import { capSelection, chipSummary, filterOptions, isCapped, selectionDescription, sortOptions } from './combo-logic.ts';

const cities = [
  { value: 3, label: 'São José' },
  { value: 1, label: 'Itajaí' },
  { value: 2, label: 'águas Mornas' },
  { value: 4, label: 'Balneário Camboriú' },
];

describe('sortOptions / filterOptions', () => {
  it('sorts by label ignoring accents and case', () => {
    expect(sortOptions(cities).map((c) => c.label)).toEqual(['águas Mornas', 'Balneário Camboriú', 'Itajaí', 'São José']);
  });

  it('filters ignoring accents and case; blank text keeps everything', () => {
    expect(filterOptions(cities, 'SAO').map((c) => c.value)).toEqual([3]);
    expect(filterOptions(cities, 'camboriu').map((c) => c.value)).toEqual([4]);
    expect(filterOptions(cities, 'Águas').map((c) => c.value)).toEqual([2]);
    expect(filterOptions(cities, '  ')).toHaveLength(4);
    expect(filterOptions(cities, 'zzz')).toEqual([]);
  });
});

describe('chipSummary', () => {
  const chosen = ['A', 'B', 'C', 'D'];

  it('shows one chip then +N (cities, status, categories, solutions)', () => {
    expect(chipSummary(chosen, 1)).toEqual({ chips: ['A'], hidden: 3, counterText: '+3' });
  });

  it('shows two chips then +N (score ranges)', () => {
    expect(chipSummary(chosen, 2)).toEqual({ chips: ['A', 'B'], hidden: 2, counterText: '+2' });
  });

  it('writes the axes counter as "(+N eixos)"', () => {
    const noun = { one: 'eixo', many: 'eixos' };
    expect(chipSummary(chosen, 1, noun).counterText).toBe('(+3 eixos)');
    expect(chipSummary(['A', 'B'], 1, noun).counterText).toBe('(+1 eixo)');
  });

  it('has no counter when everything fits', () => {
    expect(chipSummary(['A'], 1)).toEqual({ chips: ['A'], hidden: 0, counterText: '' });
    expect(chipSummary([], 2)).toEqual({ chips: [], hidden: 0, counterText: '' });
  });
});

describe('selection cap', () => {
  it('disables the rest once maxSelected is reached', () => {
    expect(isCapped(4, 5)).toBe(false);
    expect(isCapped(5, 5)).toBe(true);
    expect(isCapped(50, undefined)).toBe(false);
  });

  it('never keeps more than maxSelected', () => {
    expect(capSelection([1, 2, 3, 4, 5, 6], 5)).toEqual([1, 2, 3, 4, 5]);
    expect(capSelection([1, 2], undefined)).toEqual([1, 2]);
  });
});

describe('selectionDescription', () => {
  it('lists the choices for screen readers', () => {
    expect(selectionDescription([])).toBe('');
    expect(selectionDescription(['Itajaí'])).toBe('Selecionado: Itajaí');
    expect(selectionDescription(['A', 'B', 'C'])).toBe('Selecionados: A, B e C');
  });
});
