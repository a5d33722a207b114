import { describe, expect, it } from 'vitest';
import { CITY_TABS, CITY_TAB_IDS, visibleCityTabs, type CityTabContext } from './city-tabs.ts';
import type { FlagKey } from './permission-flags.ts';
import { noFlags, testContext } from './testing/session-user.ts';
import { VARIANTS } from './variants.ts';

const TAB_FLAGS = CITY_TABS.map((t) => t.flag);

type Opts = {
  fullAdmin?: boolean;
  groupName?: string;
  group?: FlagKey[];
  globalOff?: FlagKey[];
  globalNone?: boolean;
  perms?: { nome: string; municipioId: number | null }[];
  selo?: string | null;
};

function ctx(opts: Opts = {}): CityTabContext {
  const base = testContext({
    fullAdmin: opts.fullAdmin,
    group: opts.groupName,
    // Every tab flag by default; restrictive flags stay off unless a test lists them.
    on: opts.group ?? TAB_FLAGS,
    config: opts.globalNone ? noFlags() : undefined,
    globalOff: opts.globalOff,
    perms: opts.perms,
  });
  return { ...base, municipioId: 10, selo: opts.selo ?? null };
}

const ROUTES = [
  '/cidade/:id/geral',
  '/cidade/:id/acompanhamento',
  '/cidade/:id/evidencia/:tipoEvidencia',
  '/cidade/:id/termo-referencia/:tab',
  '/cidade/:id/grupo',
  '/cidade/:id/evento',
  '/cidade/:id/evento-em-lote',
  '/cidade/:id/relatorio',
  '/cidade/:id/relatorio-administrativo',
  '/cidade/:id/proposta/:tab',
  '/cidade/:id/andamento',
  '/cidade/:id/cliente-oculto/info',
  '/sala-municipio-principal',
];
const all = { availablePaths: ROUTES };
const ce = VARIANTS['cidade-empreendedora'];
const ids = (c: CityTabContext, variant = ce, uf = 'SC', options = all) => visibleCityTabs(c, variant, uf, options).map((t) => t.id);
const ALL_BUT_BATCH = CITY_TAB_IDS.filter((id) => id !== 'evento-em-lote');

describe('city tabs', () => {
  it('lists the spec tabs in order with their paths', () => {
    const tabs = visibleCityTabs(ctx({ fullAdmin: true }), ce, 'SC1', all);
    expect(tabs.map((t) => t.id)).toEqual([...CITY_TAB_IDS]);
    expect(tabs.map((t) => t.href)).toEqual([
      '/cidade/10/geral',
      '/cidade/10/acompanhamento',
      '/cidade/10/evidencia/respondida',
      '/cidade/10/termo-referencia/0',
      '/cidade/10/grupo',
      '/cidade/10/evento',
      '/cidade/10/evento-em-lote',
      '/cidade/10/relatorio',
      '/cidade/10/relatorio-administrativo',
      '/cidade/10/proposta/proposta',
      '/cidade/10/andamento',
      '/cidade/10/cliente-oculto/info',
      '/sala-municipio-principal',
    ]);
    expect(tabs.map((t) => t.flag)).toEqual([
      'verAbaGeral',
      'verAbaAcompanhamento',
      'verAbaEvidencia',
      'verAbaTermoReferencia',
      'verAbaGrupo',
      'verAbaEvento',
      'verAbaEventoEmLote',
      'verAbaRelatorio',
      'verAbaRelatorioAdministrativo',
      'verAbaProposta',
      'verAbaAndamento',
      'verClienteOculto',
      'verAbaSala',
    ]);
  });

  it('opens evidence on the welcome page in the Sala', () => {
    const tabs = visibleCityTabs(ctx(), VARIANTS.sala, 'SC', all);
    expect(tabs.find((t) => t.id === 'evidencia')?.href).toBe('/cidade/10/evidencia/boasvindas');
  });

  it('labels tabs by mode', () => {
    const label = (variant: keyof typeof VARIANTS, id: string) =>
      visibleCityTabs(ctx(), VARIANTS[variant], 'MS', all).find((t) => t.id === id)?.label;
    expect(label('cidade-empreendedora', 'termo-referencia')).toBe('Termo de Referência');
    expect(label('gov', 'termo-referencia')).toBe('Fases/Atividades');
    expect(label('at', 'grupo')).toBe('Grupos/Iniciativas');
    expect(label('gov', 'grupo')).toBe('Etapas/Grupos');
    expect(label('cidade-empreendedora', 'grupo')).toBe('Grupos');
    expect(label('at', 'evento')).toBe('Agenda');
    expect(label('cidade-empreendedora', 'evento')).toBe('Calendário');
  });

  it('shows the full admin every tab with every flag off, except batch events outside SC1', () => {
    const admin = ctx({ fullAdmin: true, group: [], globalNone: true });
    expect(ids(admin)).toEqual(ALL_BUT_BATCH);
  });

  it('needs the flag in the group and in the global configuration', () => {
    expect(ids(ctx({ group: ['verAbaGeral'] }))).toEqual(['geral']);
    expect(ids(ctx({ group: ['verAbaGeral', 'verAbaGrupo'], globalOff: ['verAbaGrupo'] }))).toEqual(['geral']);
    expect(ids(ctx({ group: [], globalOff: [] }))).toEqual([]);
  });

  it('returns nothing when no tab is allowed, so the bar can be hidden', () => {
    expect(visibleCityTabs(ctx({ globalNone: true }), ce, 'SC', all)).toEqual([]);
  });

  it('hides tabs whose screen is not built', () => {
    expect(ids(ctx(), ce, 'SC', { availablePaths: ['/cidade/:id/geral', '/cidade/:id/grupo'] })).toEqual(['geral', 'grupo']);
  });
});

describe('evento-em-lote', () => {
  const batch = (c: CityTabContext, uf: string) => ids(c, VARIANTS.at, uf).includes('evento-em-lote');

  it('shows for SC1 only', () => {
    expect(batch(ctx({ fullAdmin: true }), 'SC1')).toBe(true);
    expect(batch(ctx({ fullAdmin: true }), 'sc1')).toBe(true);
    expect(batch(ctx({ fullAdmin: true }), 'SC')).toBe(false);
    expect(batch(ctx({ groupName: 'Administrador' }), 'MS')).toBe(false);
  });

  it('shows for an admin or a specialist consultant of this city only', () => {
    expect(batch(ctx({ groupName: 'Administrador' }), 'SC1')).toBe(true);
    expect(batch(ctx({ perms: [{ nome: 'Consultor Especialista', municipioId: 10 }] }), 'SC1')).toBe(true);
    expect(batch(ctx({ perms: [{ nome: 'Consultor Especialista', municipioId: 11 }] }), 'SC1')).toBe(false);
    expect(batch(ctx({ perms: [{ nome: 'Consultor Condutor', municipioId: 10 }] }), 'SC1')).toBe(false);
    expect(batch(ctx(), 'SC1')).toBe(false);
  });

  it('still needs its flag for non-full-admins', () => {
    const specialist = { perms: [{ nome: 'Consultor Especialista', municipioId: 10 }] };
    expect(batch(ctx({ ...specialist, globalOff: ['verAbaEventoEmLote'] }), 'SC1')).toBe(false);
    expect(batch(ctx({ groupName: 'Administrador', group: ['verAbaGeral'] }), 'SC1')).toBe(false);
  });
});

describe('restrictive flags', () => {
  it('hides relatório administrativo with ocultarRelatorioAdministrativos (not for the full admin)', () => {
    const hidden = ctx({ group: [...TAB_FLAGS, 'ocultarRelatorioAdministrativos'] });
    expect(ids(hidden)).not.toContain('relatorio-administrativo');
    expect(
      ids(ctx({ group: [...TAB_FLAGS, 'ocultarRelatorioAdministrativos'], globalOff: ['ocultarRelatorioAdministrativos'] })),
    ).toContain('relatorio-administrativo');
    expect(ids(ctx())).toContain('relatorio-administrativo');
    expect(ids(ctx({ fullAdmin: true, group: ['ocultarRelatorioAdministrativos'] }))).toContain('relatorio-administrativo');
  });

  it('hides cliente oculto for an Ouro seal with naoVerClienteOcultoOuro', () => {
    const flags = [...TAB_FLAGS, 'naoVerClienteOcultoOuro'] as FlagKey[];
    expect(ids(ctx({ group: flags, selo: 'Ouro' }))).not.toContain('cliente-oculto');
    expect(ids(ctx({ group: flags, selo: 'ouro' }))).not.toContain('cliente-oculto');
    expect(ids(ctx({ group: flags, selo: 'Prata' }))).toContain('cliente-oculto');
    expect(ids(ctx({ group: flags, selo: null }))).toContain('cliente-oculto');
    expect(ids(ctx({ group: TAB_FLAGS, selo: 'Ouro' }))).toContain('cliente-oculto');
    expect(ids(ctx({ fullAdmin: true, group: flags, selo: 'Ouro' }))).toContain('cliente-oculto');
  });
});
