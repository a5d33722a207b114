import { describe, expect, it } from 'vitest';
import { defaultFlags, FLAG_AREAS, PERMISSION_FLAGS } from '../../domain/permission-flags.ts';
import { changedFlags, countOn, flagSections, pickFlags, setFlags } from './flag-logic.ts';

describe('flagSections', () => {
  it('holds every flag of the catalogue exactly once, areas in FLAG_AREAS order', () => {
    const sections = flagSections();
    expect(sections.map((s) => s.area)).toEqual(Object.keys(FLAG_AREAS));
    expect(sections.flatMap((s) => s.flags.map((f) => f.key)).sort()).toEqual(PERMISSION_FLAGS.map((f) => f.key).sort());
  });

  it('filters by label or key ignoring accents and case, dropping empty areas', () => {
    const byLabel = flagSections('RELATORIOS administrativos');
    expect(byLabel.flatMap((s) => s.flags.map((f) => f.key))).toEqual(
      expect.arrayContaining(['verAbaRelatorioAdministrativo', 'ocultarRelatorioAdministrativos']),
    );
    expect(byLabel.every((s) => s.flags.length > 0)).toBe(true);
    expect(flagSections('MENUGRUPOS').flatMap((s) => s.flags.map((f) => f.key))).toEqual(['menuGrupos']);
    expect(flagSections('nada disso existe')).toEqual([]);
  });
});

describe('setFlags / countOn / changedFlags', () => {
  it('sets many at once and returns the same object when nothing changes', () => {
    const base = defaultFlags();
    expect(setFlags(base, ['visualizarLogo'], true)).toBe(base);
    const next = setFlags(base, ['menuGrupos', 'menuUsuarios'], true);
    expect(next).not.toBe(base);
    expect(countOn(next, ['menuGrupos', 'menuUsuarios', 'novoRelatorio'])).toBe(2);
    expect(changedFlags(base, next)).toEqual({ menuGrupos: true, menuUsuarios: true });
  });

  it('pickFlags drops everything that is not a flag', () => {
    const group = { ...defaultFlags(), grupoId: 3, nome: 'X' };
    expect(pickFlags(group)).toEqual(defaultFlags());
  });
});
