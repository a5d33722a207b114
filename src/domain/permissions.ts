import { PARTICIPATION_STATUS, RELATIONSHIP_STATUS, type MunicipalityListItem } from './municipality.ts';
import type { FlagKey, FlagSet } from './permission-flags.ts';
import type { SessionUser } from './session.ts';
import { compareText } from './text.ts';
import type { Variant } from './variants.ts';

/**
 * Permission rules of spec §6, used by the client (what shows) and the server (what is allowed).
 */
export type PermissionContext = { usuario: SessionUser; config: FlagSet };

/** The built-in administrator account bypasses every flag. */
export function isFullAdmin(user: SessionUser): boolean {
  return user.administradorSistema;
}

/** Admin: the group is named Administrador (the full admin is one too). */
export function isAdmin(user: SessionUser): boolean {
  return isFullAdmin(user) || user.grupo?.nome === 'Administrador';
}

/** Every user other than the full admin needs the flag in the group AND in the global configuration. */
export function hasFlag(ctx: PermissionContext, key: FlagKey): boolean {
  if (isFullAdmin(ctx.usuario)) return true;
  return ctx.usuario.grupo?.[key] === true && ctx.config[key] === true;
}

/** Sees every municipality of the tenant rather than only those in their permissions. */
export function seesAllMunicipalities(ctx: PermissionContext): boolean {
  return hasFlag(ctx, 'visualizaMunicipio');
}

/** Municipality ids the user holds a role or a solutions permission in. */
export function permittedMunicipalityIds(user: SessionUser): Set<number> {
  const ids = new Set<number>();
  for (const p of user.permissoes) if (p.municipioId !== null) ids.add(p.municipioId);
  for (const p of user.permissoesSolucoes) ids.add(p.municipioId);
  return ids;
}

/** A municipality is visible to users who see them all, or who hold a permission in it. */
export function canSeeMunicipality(ctx: PermissionContext, municipioId: number): boolean {
  return seesAllMunicipalities(ctx) || permittedMunicipalityIds(ctx.usuario).has(municipioId);
}

/**
 * A restrictive flag (naoVer..., ocultar...) applies like any other, needing the group and the global
 * configuration, but never to the full admin, whose bypass means seeing everything.
 */
export function isRestrictedBy(ctx: PermissionContext, key: FlagKey): boolean {
  return !isFullAdmin(ctx.usuario) && hasFlag(ctx, key);
}

/** Names as stored in permissao.nome (spec §3). */
export const ROLE_NAMES = {
  consultorCondutor: 'Consultor Condutor',
  consultorEspecialista: 'Consultor Especialista',
  analista: 'Analista',
  ad: 'AD',
} as const;
export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

/** Group names the rules single out. */
export const GROUP_NAMES = {
  administrador: 'Administrador',
  operacoes: 'Operacoes',
  fesp: 'Fesp',
  fespEspecial: 'Fesp Especial',
  coordenador: 'Coordenador',
} as const;

/** A group's axes (visualizaEixosIds, its axes combo) are at most this many (spec §5 and §9). */
export const MAX_GROUP_AXES = 5;

// Names are typed by administrators, so "Operações" and "OPERACOES" must mean the same group.
const sameName = (a: string | undefined, b: string): boolean => a !== undefined && compareText(a.trim(), b) === 0;

function inGroup(user: SessionUser, name: string): boolean {
  return sameName(user.grupo?.nome, name);
}

/**
 * Holds the role in the municipality. Without a municipality, holding it anywhere counts. A
 * permission without a municipality applies to all of them.
 */
export function hasRole(user: SessionUser, role: RoleName, municipioId?: number | null): boolean {
  return user.permissoes.some(
    (p) =>
      sameName(p.permissao.nome, role) &&
      (municipioId === undefined || municipioId === null || p.municipioId === null || p.municipioId === municipioId),
  );
}

/** The flags of the session store (spec §6). Role flags are per municipality; the São Paulo roles exist only in that variant. */
export type StoreFlags = {
  isFullAdmin: boolean;
  isAdmin: boolean;
  isAT: boolean;
  isGov: boolean;
  isSala: boolean;
  isParceiro: boolean;
  isAnalista: boolean;
  isConsultorCondutorMunicipio: boolean;
  isConsultorEspecialistaMunicipio: boolean;
  isADMunicipio: boolean;
  Tur: boolean;
  CE: boolean;
  DT: boolean;
  EducEmp: boolean;
  Fesp: boolean;
  FespEspecial: boolean;
  Coordenador: boolean;
};

export function deriveStoreFlags(
  session: { usuario: SessionUser },
  variant: Pick<Variant, 'mode'>,
  options: { municipioId?: number | null } = {},
): StoreFlags {
  const user = session.usuario;
  const { mode } = variant;
  const { municipioId } = options;
  const saoPaulo = mode.isSaoPaulo;
  return {
    isFullAdmin: isFullAdmin(user),
    isAdmin: isAdmin(user),
    isAT: mode.isAT,
    isGov: mode.isGov,
    isSala: mode.isSala,
    isParceiro: mode.isParceiro,
    isAnalista: hasRole(user, ROLE_NAMES.analista, municipioId),
    isConsultorCondutorMunicipio: hasRole(user, ROLE_NAMES.consultorCondutor, municipioId),
    isConsultorEspecialistaMunicipio: hasRole(user, ROLE_NAMES.consultorEspecialista, municipioId),
    isADMunicipio: hasRole(user, ROLE_NAMES.ad, municipioId),
    Tur: mode.Tur,
    CE: mode.CE,
    DT: mode.DT,
    EducEmp: mode.EducEmp,
    Fesp: saoPaulo && inGroup(user, GROUP_NAMES.fesp),
    FespEspecial: saoPaulo && inGroup(user, GROUP_NAMES.fespEspecial),
    Coordenador: saoPaulo && inGroup(user, GROUP_NAMES.coordenador),
  };
}

/** The municipality switcher in the header (spec §2): full admin or the Operacoes group. */
export function canSwitchMunicipality(user: SessionUser): boolean {
  return isFullAdmin(user) || inGroup(user, GROUP_NAMES.operacoes);
}

/** The Reverter Análise button (spec §4) goes to the same people as the switcher. */
export function canRevertAnalysis(user: SessionUser): boolean {
  return canSwitchMunicipality(user);
}

/** The part of the administrative report catalogue this rule needs. */
export type AdminReportRef = { id: number; route: string };

const routeKey = (route: string): string => route.trim().replace(/^\/+|\/+$/g, '');

/**
 * /dashboard-administrativo2/relatorio/{route} opens only if that report is in the group's
 * relatorioAdm list; an unknown route is refused. The built-in admin account is exempt (spec §2);
 * the Administrador group is not, since its list is configured like any other group's.
 */
export function canOpenAdminReport(user: SessionUser, relatorioRoute: string, catalogue: readonly AdminReportRef[]): boolean {
  if (isFullAdmin(user)) return true;
  const wanted = routeKey(relatorioRoute);
  const report = catalogue.find((r) => routeKey(r.route) === wanted);
  return report !== undefined && (user.grupo?.relatorioAdm.includes(report.id) ?? false);
}

/**
 * Axes whose questions, themes and follow-ups the user sees (spec §6). With verTodosEixos, all;
 * otherwise those of their permissions, in the given municipality when one is given. A role held
 * without an axis (a conductor, an analyst) covers every axis of its municipality.
 */
export function visibleAxisIds(ctx: PermissionContext, municipioId?: number | null): 'all' | ReadonlySet<number> {
  if (hasFlag(ctx, 'verTodosEixos')) return 'all';
  const ids = new Set<number>();
  for (const p of ctx.usuario.permissoes) {
    const applies = municipioId === undefined || municipioId === null || p.municipioId === null || p.municipioId === municipioId;
    if (!applies) continue;
    if (p.eixoId === null) return 'all';
    ids.add(p.eixoId);
  }
  return ids;
}

export function canSeeAxis(ctx: PermissionContext, eixoId: number, municipioId?: number | null): boolean {
  const visible = visibleAxisIds(ctx, municipioId);
  return visible === 'all' || visible.has(eixoId);
}

/** What the vigente rule reads from a municipality. */
export type VigenteInput = Pick<MunicipalityListItem, 'tipo' | 'statusRelacionamento' | 'statusParticipacao' | 'statusContratoNome'>;

const CIDADE_EMPREENDEDORA_CONTRACT = 'Cidade Empreendedora';

/**
 * Spec §6 city vigente rule. In RJ only a contract whose status is exactly Cidade Empreendedora
 * (not the Básica one, not a Sala or AT contract) in a vigente relationship counts, and never for a
 * room or in the Sala and AT variants. Elsewhere a room participating in the seal counts, as does
 * any municipality whose relationship is vigente. A room is known by the variant or, since one
 * tenant can hold every programme, by the municipality's own type; with no mode flags this is
 * exactly what the server computes for the city list (isMunicipalityVigente).
 */
export function isVigente(municipality: VigenteInput, variant: Pick<Variant, 'mode'>, uf: string): boolean {
  const relationshipVigente = municipality.statusRelacionamento === RELATIONSHIP_STATUS.vigente;
  const room = variant.mode.isSala || municipality.tipo === 'sala';
  if (uf.trim().toUpperCase() === 'RJ') {
    return (
      relationshipVigente &&
      sameName(municipality.statusContratoNome ?? undefined, CIDADE_EMPREENDEDORA_CONTRACT) &&
      !room &&
      !variant.mode.isAT
    );
  }
  return (room && municipality.statusParticipacao === PARTICIPATION_STATUS.participante) || relationshipVigente;
}

/** Points and medal columns: the full admin always; others with visualizarPontosMedalha, and only for a vigente city. */
export function canSeePointsAndMedals(ctx: PermissionContext, cityIsVigente: boolean): boolean {
  return isFullAdmin(ctx.usuario) || (hasFlag(ctx, 'visualizarPontosMedalha') && cityIsVigente);
}

/** Administration screens and their endpoints: admins, or whoever holds the screen's menu flag (group and configuration). */
export function canManage(ctx: PermissionContext, menuFlag: FlagKey): boolean {
  return isAdmin(ctx.usuario) || hasFlag(ctx, menuFlag);
}

/**
 * Who creates, renames and deletes a municipality's working groups: whoever opens its Grupos tab
 * (verAbaGrupo, group and configuration) and is an admin, sees every municipality, or holds a role
 * there (consultant, analyst, AD). A municipality member, linked by a solutions permission only,
 * reads the groups and their members but does not change the groups.
 */
export function canWriteCityGroups(ctx: PermissionContext, municipioId: number): boolean {
  if (!hasFlag(ctx, 'verAbaGrupo')) return false;
  if (isAdmin(ctx.usuario) || seesAllMunicipalities(ctx)) return true;
  return ctx.usuario.permissoes.some((p) => p.municipioId === municipioId);
}
