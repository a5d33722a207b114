import { describe, it, expect } from 'vitest';
import { compareText, includesText, normalizeForSearch, TRUNCATE, truncate } from './text.ts';

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

describe('truncate', () => {
  it('has the spec §9 lengths', () => {
    expect(TRUNCATE).toEqual({
      rejectionReason: 50,
      solutionGroupDescription: 50,
      rangeName: 50,
      solutionDescription: 20,
      taskDescription: 20,
      evidenceDescription: 20,
      solutionName: 15,
    });
  });

  it('leaves text up to the limit untouched', () => {
    expect(truncate('Capacitação', TRUNCATE.solutionName)).toEqual({ text: 'Capacitação', truncated: false });
    expect(truncate('x'.repeat(20), TRUNCATE.taskDescription)).toEqual({ text: 'x'.repeat(20), truncated: false });
  });

  it('cuts longer text and says so, so the caller can offer the full text', () => {
    expect(truncate('x'.repeat(21), TRUNCATE.taskDescription)).toEqual({ text: `${'x'.repeat(20)}…`, truncated: true });
    expect(truncate('Consultoria em gestão pública', TRUNCATE.solutionName)).toEqual({ text: 'Consultoria em…', truncated: true });
  });

  it('counts characters, not UTF-16 units, and treats missing text as empty', () => {
    expect(truncate('🙂🙂🙂', 2)).toEqual({ text: '🙂🙂…', truncated: true });
    expect(truncate(null, 5)).toEqual({ text: '', truncated: false });
    expect(truncate(undefined, 5)).toEqual({ text: '', truncated: false });
  });
});
