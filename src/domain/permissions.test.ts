import { describe, expect, it } from 'vitest';
import { PARTICIPATION_STATUS, RELATIONSHIP_STATUS } from './municipality.ts';
import { allFlags, type FlagKey } from './permission-flags.ts';
import {
  canOpenAdminReport,
  canRevertAnalysis,
  canSeeAxis,
  canSeeMunicipality,
  canSeePointsAndMedals,
  canSwitchMunicipality,
  deriveStoreFlags,
  hasFlag,
  hasRole,
  isAdmin,
  isFullAdmin,
  isRestrictedBy,
  isVigente,
  visibleAxisIds,
  type PermissionContext,
  type VigenteInput,
} from './permissions.ts';
import type { SessionUser } from './session.ts';
import { noFlags, testUser } from './testing/session-user.ts';
import { VARIANTS } from './variants.ts';

type Perm = { nome: string; municipioId?: number | null; eixoId?: number | null };

function user(
  opts: { fullAdmin?: boolean; group?: string | null; on?: FlagKey[]; perms?: Perm[]; relatorioAdm?: number[] } = {},
): SessionUser {
  return testUser(opts);
}

function ctx(u: SessionUser, globalOff: FlagKey[] = []): PermissionContext {
  const config = allFlags();
  for (const key of globalOff) config[key] = false;
  return { usuario: u, config };
}

describe('existing rules keep their meaning', () => {
  it('full admin is the built-in account; admin also the Administrador group', () => {
    expect(isFullAdmin(user({ fullAdmin: true }))).toBe(true);
    expect(isAdmin(user({ fullAdmin: true }))).toBe(true);
    expect(isAdmin(user({ group: 'Administrador' }))).toBe(true);
    expect(isFullAdmin(user({ group: 'Administrador' }))).toBe(false);
  });

  it('needs the flag in the group and globally, unless full admin', () => {
    expect(hasFlag(ctx(user({ on: ['novoRelatorio'] })), 'novoRelatorio')).toBe(true);
    expect(hasFlag(ctx(user({ on: ['novoRelatorio'] }), ['novoRelatorio']), 'novoRelatorio')).toBe(false);
    expect(hasFlag(ctx(user()), 'novoRelatorio')).toBe(false);
    expect(hasFlag({ usuario: user({ fullAdmin: true, group: null }), config: noFlags() }, 'novoRelatorio')).toBe(true);
  });

  it('sees a municipality with visualizaMunicipio or a permission in it', () => {
    expect(canSeeMunicipality(ctx(user({ on: ['visualizaMunicipio'] })), 99)).toBe(true);
    expect(canSeeMunicipality(ctx(user({ perms: [{ nome: 'Analista', municipioId: 3 }] })), 3)).toBe(true);
    expect(canSeeMunicipality(ctx(user({ perms: [{ nome: 'Analista', municipioId: 3 }] })), 4)).toBe(false);
  });
});

describe('isRestrictedBy', () => {
  it('applies a restrictive flag only when on in group and config, and never to the full admin', () => {
    expect(isRestrictedBy(ctx(user({ on: ['ocultarRelatorioAdministrativos'] })), 'ocultarRelatorioAdministrativos')).toBe(true);
    expect(
      isRestrictedBy(
        ctx(user({ on: ['ocultarRelatorioAdministrativos'] }), ['ocultarRelatorioAdministrativos']),
        'ocultarRelatorioAdministrativos',
      ),
    ).toBe(false);
    expect(isRestrictedBy(ctx(user({ fullAdmin: true })), 'ocultarRelatorioAdministrativos')).toBe(false);
  });
});

describe('deriveStoreFlags', () => {
  const consultant = user({
    perms: [
      { nome: 'Consultor Condutor', municipioId: 1 },
      { nome: 'Consultor Especialista', municipioId: 2, eixoId: 5 },
      { nome: 'Analista', municipioId: 3 },
      { nome: 'AD', municipioId: 4 },
    ],
  });

  it('copies the mode flags of the variant', () => {
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS.at)).toMatchObject({
      isAT: true,
      isGov: false,
      isSala: false,
      isParceiro: false,
      CE: false,
    });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS.gov)).toMatchObject({ isGov: true, isAT: false });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS.sala)).toMatchObject({ isSala: true });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS.parceiro)).toMatchObject({ isParceiro: true });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS.turismo)).toMatchObject({ Tur: true, CE: false });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS['desenvolvimento-territorial'])).toMatchObject({ DT: true });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS['educacao-empreendedora'])).toMatchObject({ EducEmp: true });
    expect(deriveStoreFlags({ usuario: consultant }, VARIANTS['cidade-empreendedora'])).toMatchObject({ CE: true });
  });

  it('derives each role in the current municipality only', () => {
    const variant = VARIANTS['cidade-empreendedora'];
    const roles = (municipioId: number) => {
      const f = deriveStoreFlags({ usuario: consultant }, variant, { municipioId });
      return [f.isConsultorCondutorMunicipio, f.isConsultorEspecialistaMunicipio, f.isAnalista, f.isADMunicipio];
    };
    expect(roles(1)).toEqual([true, false, false, false]);
    expect(roles(2)).toEqual([false, true, false, false]);
    expect(roles(3)).toEqual([false, false, true, false]);
    expect(roles(4)).toEqual([false, false, false, true]);
    expect(roles(5)).toEqual([false, false, false, false]);
  });

  it('without a current municipality, a role held anywhere counts', () => {
    const f = deriveStoreFlags({ usuario: consultant }, VARIANTS['cidade-empreendedora']);
    expect([f.isConsultorCondutorMunicipio, f.isConsultorEspecialistaMunicipio, f.isAnalista, f.isADMunicipio]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('reads role names ignoring case and accents, and a role without municipality covers all', () => {
    expect(hasRole(user({ perms: [{ nome: 'consultor especialista', municipioId: 9 }] }), 'Consultor Especialista', 9)).toBe(true);
    expect(hasRole(user({ perms: [{ nome: 'Analista', municipioId: null }] }), 'Analista', 42)).toBe(true);
  });

  it('sets admin flags', () => {
    expect(deriveStoreFlags({ usuario: user({ fullAdmin: true }) }, VARIANTS.sala)).toMatchObject({ isFullAdmin: true, isAdmin: true });
    expect(deriveStoreFlags({ usuario: user({ group: 'Administrador' }) }, VARIANTS.sala)).toMatchObject({
      isFullAdmin: false,
      isAdmin: true,
    });
    expect(deriveStoreFlags({ usuario: user() }, VARIANTS.sala)).toMatchObject({ isFullAdmin: false, isAdmin: false });
  });

  it('gives the Fesp, Fesp Especial and Coordenador roles from the group, only in São Paulo', () => {
    const sp = VARIANTS['sao-paulo'];
    const pick = (group: string, variant = sp) => {
      const f = deriveStoreFlags({ usuario: user({ group }) }, variant);
      return [f.Fesp, f.FespEspecial, f.Coordenador];
    };
    expect(pick('Fesp')).toEqual([true, false, false]);
    expect(pick('FESP Especial')).toEqual([false, true, false]);
    expect(pick('Coordenador')).toEqual([false, false, true]);
    expect(pick('Consultor')).toEqual([false, false, false]);
    expect(pick('Fesp', VARIANTS['cidade-empreendedora'])).toEqual([false, false, false]);
    expect(deriveStoreFlags({ usuario: user({ group: null }) }, sp).Fesp).toBe(false);
  });
});

describe('canSwitchMunicipality / canRevertAnalysis', () => {
  it('full admin or the Operacoes group only', () => {
    expect(canSwitchMunicipality(user({ fullAdmin: true }))).toBe(true);
    expect(canSwitchMunicipality(user({ group: 'Operacoes' }))).toBe(true);
    expect(canSwitchMunicipality(user({ group: 'Operações' }))).toBe(true);
    expect(canSwitchMunicipality(user({ group: 'Administrador' }))).toBe(false);
    expect(canSwitchMunicipality(user({ group: null }))).toBe(false);
    expect(canRevertAnalysis(user({ group: 'Operacoes' }))).toBe(true);
    expect(canRevertAnalysis(user({ group: 'Analista' }))).toBe(false);
  });
});

describe('canOpenAdminReport', () => {
  const catalogue = [
    { id: 1, route: 'municipios-vigentes' },
    { id: 2, route: '/evidencias-por-eixo' },
    { id: 40, route: 'horas-consultores' },
  ];

  it('allows a report in the group relatorioAdm list', () => {
    expect(canOpenAdminReport(user({ relatorioAdm: [1, 40] }), 'municipios-vigentes', catalogue)).toBe(true);
    expect(canOpenAdminReport(user({ relatorioAdm: [2] }), 'evidencias-por-eixo', catalogue)).toBe(true);
  });

  it('denies a report missing from the list, an unknown route, and a user without group', () => {
    expect(canOpenAdminReport(user({ relatorioAdm: [1] }), 'horas-consultores', catalogue)).toBe(false);
    expect(canOpenAdminReport(user({ relatorioAdm: [1, 2, 40] }), 'nao-existe', catalogue)).toBe(false);
    expect(canOpenAdminReport(user({ group: null }), 'municipios-vigentes', catalogue)).toBe(false);
  });

  it('exempts the admin account; the Administrador group follows its list', () => {
    expect(canOpenAdminReport(user({ fullAdmin: true, relatorioAdm: [] }), 'horas-consultores', catalogue)).toBe(true);
    expect(canOpenAdminReport(user({ group: 'Administrador', relatorioAdm: [1] }), 'horas-consultores', catalogue)).toBe(false);
  });
});

describe('axis visibility', () => {
  const specialist = user({
    perms: [
      { nome: 'Consultor Especialista', municipioId: 2, eixoId: 5 },
      { nome: 'Consultor Especialista', municipioId: 2, eixoId: 6 },
      { nome: 'Consultor Especialista', municipioId: 3, eixoId: 7 },
    ],
  });

  it('sees every axis with verTodosEixos, and the full admin always', () => {
    expect(visibleAxisIds(ctx(user({ on: ['verTodosEixos'] })))).toBe('all');
    expect(visibleAxisIds({ usuario: user({ fullAdmin: true }), config: noFlags() })).toBe('all');
  });

  it('needs verTodosEixos globally too', () => {
    expect(visibleAxisIds(ctx(user({ on: ['verTodosEixos'] }), ['verTodosEixos']))).toEqual(new Set());
  });

  it('otherwise sees the axes of its permissions, per municipality when given', () => {
    expect(visibleAxisIds(ctx(specialist))).toEqual(new Set([5, 6, 7]));
    expect(visibleAxisIds(ctx(specialist), 2)).toEqual(new Set([5, 6]));
    expect(canSeeAxis(ctx(specialist), 7, 3)).toBe(true);
    expect(canSeeAxis(ctx(specialist), 7, 2)).toBe(false);
    expect(canSeeAxis(ctx(specialist), 9)).toBe(false);
    expect(visibleAxisIds(ctx(user()))).toEqual(new Set());
  });

  it('a role held without an axis covers every axis of its municipality', () => {
    const conductor = user({ perms: [{ nome: 'Consultor Condutor', municipioId: 1 }] });
    expect(visibleAxisIds(ctx(conductor), 1)).toBe('all');
    expect(canSeeAxis(ctx(conductor), 5, 1)).toBe(true);
    expect(canSeeAxis(ctx(conductor), 5, 2)).toBe(false);
  });
});

describe('isVigente', () => {
  const base: VigenteInput = {
    tipo: 'municipio',
    statusRelacionamento: RELATIONSHIP_STATUS.vigente,
    statusParticipacao: PARTICIPATION_STATUS.naoParticipante,
    statusContratoNome: 'Cidade Empreendedora',
  };
  const ce = VARIANTS['cidade-empreendedora'];

  it('in RJ needs a Cidade Empreendedora contract status in a vigente relationship', () => {
    expect(isVigente(base, ce, 'RJ')).toBe(true);
    expect(isVigente(base, ce, 'rj')).toBe(true);
    expect(isVigente({ ...base, statusContratoNome: 'CIDADE EMPREENDEDORA' }, ce, 'RJ')).toBe(true);
    expect(isVigente({ ...base, statusContratoNome: 'Cidade Empreendedora Básica' }, ce, 'RJ')).toBe(false);
    expect(isVigente({ ...base, statusContratoNome: null }, ce, 'RJ')).toBe(false);
    expect(isVigente({ ...base, statusRelacionamento: RELATIONSHIP_STATUS.negociacao }, ce, 'RJ')).toBe(false);
  });

  it('in RJ never counts Sala or AT, by variant, municipality type or contract', () => {
    expect(isVigente(base, VARIANTS.sala, 'RJ')).toBe(false);
    expect(isVigente(base, VARIANTS.at, 'RJ')).toBe(false);
    expect(isVigente({ ...base, tipo: 'sala' }, ce, 'RJ')).toBe(false);
    expect(isVigente({ ...base, statusContratoNome: 'Sala do Empreendedor' }, ce, 'RJ')).toBe(false);
    expect(isVigente({ ...base, statusContratoNome: 'Agente Territorial' }, ce, 'RJ')).toBe(false);
    // A room participating in the seal is not enough in RJ.
    const room: VigenteInput = { ...base, tipo: 'sala', statusRelacionamento: 0, statusParticipacao: PARTICIPATION_STATUS.participante };
    expect(isVigente(room, VARIANTS.sala, 'RJ')).toBe(false);
  });

  it('elsewhere a vigente relationship is enough, whatever the contract', () => {
    expect(isVigente({ ...base, statusContratoNome: 'Cidade Empreendedora Básica' }, ce, 'SC')).toBe(true);
    expect(isVigente({ ...base, statusContratoNome: null }, ce, 'MS')).toBe(true);
    expect(isVigente(base, VARIANTS.at, 'SC1')).toBe(true);
    for (const status of [RELATIONSHIP_STATUS.semRelacionamento, RELATIONSHIP_STATUS.negociacao, RELATIONSHIP_STATUS.encerrado]) {
      expect(isVigente({ ...base, statusRelacionamento: status }, ce, 'SC')).toBe(false);
    }
  });

  it('elsewhere a room participating in the seal counts even without a vigente relationship', () => {
    const participating = {
      statusRelacionamento: RELATIONSHIP_STATUS.semRelacionamento,
      statusParticipacao: PARTICIPATION_STATUS.participante,
    };
    // In the Sala variant, and for a room (tipo sala) in a tenant shared with other programmes.
    expect(isVigente({ ...base, ...participating }, VARIANTS.sala, 'SC')).toBe(true);
    expect(isVigente({ ...base, ...participating, tipo: 'sala' }, ce, 'SC')).toBe(true);
    expect(
      isVigente({ ...base, ...participating, tipo: 'sala', statusParticipacao: PARTICIPATION_STATUS.encerrado }, VARIANTS.sala, 'SC'),
    ).toBe(false);
    // Participation means nothing for an ordinary municipality outside the Sala.
    expect(isVigente({ ...base, ...participating }, ce, 'SC')).toBe(false);
    expect(isVigente({ ...base, ...participating, tipo: 'parceiro' }, VARIANTS.parceiro, 'SC')).toBe(false);
  });
});

describe('canSeePointsAndMedals', () => {
  it('full admin always; others need visualizarPontosMedalha and a vigente city', () => {
    expect(canSeePointsAndMedals({ usuario: user({ fullAdmin: true }), config: noFlags() }, false)).toBe(true);
    expect(canSeePointsAndMedals(ctx(user({ on: ['visualizarPontosMedalha'] })), true)).toBe(true);
    expect(canSeePointsAndMedals(ctx(user({ on: ['visualizarPontosMedalha'] })), false)).toBe(false);
    expect(canSeePointsAndMedals(ctx(user()), true)).toBe(false);
    expect(canSeePointsAndMedals(ctx(user({ on: ['visualizarPontosMedalha'] }), ['visualizarPontosMedalha']), true)).toBe(false);
  });
});
