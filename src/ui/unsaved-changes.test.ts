import { describe, expect, it } from 'vitest';
import { sameValue } from './unsaved-changes.ts';

describe('sameValue (is a form still as it started?)', () => {
  it('treats untouched values and values typed back to the start as unchanged', () => {
    expect(sameValue({ senha: '', confirmacao: '' }, { senha: '', confirmacao: '' })).toBe(true);
    expect(sameValue({ ids: [1, 2], perm: [{ a: true }] }, { ids: [1, 2], perm: [{ a: true }] })).toBe(true);
    expect(sameValue({ nascimento: new Date(0) }, { nascimento: new Date(0) })).toBe(true);
    expect(sameValue({ n: NaN }, { n: NaN })).toBe(true);
  });

  it('sees any typed, ticked, picked or removed value as a change', () => {
    expect(sameValue({ senha: 'a' }, { senha: '' })).toBe(false);
    expect(sameValue({ lider: true }, { lider: false })).toBe(false);
    expect(sameValue({ ids: [1, 2] }, { ids: [2, 1] })).toBe(false);
    expect(sameValue({ ids: [1] }, { ids: [1, 2] })).toBe(false);
    expect(sameValue({ perm: [{ a: true }] }, { perm: [{ a: false }] })).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameValue({ nascimento: new Date(1) }, { nascimento: new Date(0) })).toBe(false);
    expect(sameValue({ v: '' }, { v: null })).toBe(false);
  });

  it('compares picked files by identity: another file with the same bytes is a change', () => {
    const file = new Blob(['x']);
    expect(sameValue({ foto: file }, { foto: file })).toBe(true);
    expect(sameValue({ foto: new Blob(['x']) }, { foto: file })).toBe(false);
  });
});
