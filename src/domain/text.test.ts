import { describe, it, expect } from 'vitest';
import { compareText, includesText, normalizeForSearch } from './text.ts';

describe('normalizeForSearch', () => {
  it('strips diacritics and lowercases', () => {
    expect(normalizeForSearch('Florianópolis')).toBe('florianopolis');
    expect(normalizeForSearch('SÃO JOÃO DO ITAPERIÚ')).toBe('sao joao do itaperiu');
    expect(normalizeForSearch('Balneário Camboriú')).toBe('balneario camboriu');
  });

  it('handles the cedilla and text already in composed form', () => {
    expect(normalizeForSearch('Iguaçu')).toBe('iguacu');
    expect(normalizeForSearch('Ibirama')).toBe('ibirama');
  });
});

describe('compareText', () => {
  it('ignores accents and case', () => {
    expect(compareText('Águas Mornas', 'aguas mornas')).toBe(0);
  });

  it('sorts accented names where a pt-BR reader expects them', () => {
    const names = ['Urubici', 'Águas Mornas', 'Itajaí', 'Ilhota', 'Abelardo Luz', 'Étienne'];
    expect([...names].sort(compareText)).toEqual(['Abelardo Luz', 'Águas Mornas', 'Étienne', 'Ilhota', 'Itajaí', 'Urubici']);
  });

  it('compares numbers by value', () => {
    expect(['Lote 10', 'Lote 2', 'Lote 1'].sort(compareText)).toEqual(['Lote 1', 'Lote 2', 'Lote 10']);
  });
});

describe('includesText', () => {
  it('finds accented text from an unaccented query', () => {
    expect(includesText('Florianópolis', 'florianopolis')).toBe(true);
    expect(includesText('Florianópolis', 'POLIS')).toBe(true);
  });

  it('finds unaccented text from an accented query', () => {
    expect(includesText('Itajai', 'itajaí')).toBe(true);
  });

  it('matches everything for an empty or blank query', () => {
    expect(includesText('Blumenau', '')).toBe(true);
    expect(includesText('Blumenau', '   ')).toBe(true);
  });

  it('rejects text that does not occur', () => {
    expect(includesText('Blumenau', 'joinville')).toBe(false);
  });
});
