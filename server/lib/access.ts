import type { Access, IdSource } from '../../src/contract/endpoint.ts';
import { canOpenCityTab, type CityTabId } from '../../src/domain/city-tabs.ts';
import type { MunicipalityDetail } from '../../src/domain/municipality.ts';
import type { FlagKey } from '../../src/domain/permission-flags.ts';
import { canSeeMunicipality, hasFlag, isAdmin, isFullAdmin, isRestrictedBy, type PermissionContext } from '../../src/domain/permissions.ts';
import { MAX_INT } from '../../src/domain/users.ts';
import type { Db } from '../db/client.ts';
import { municipalityWithVigente } from './municipality.ts';
import { AppError, forbidden, notFound } from './errors.ts';

/**
 * The server's one way of enforcing spec §6: the access an endpoint declares (src/contract) is
 * decided here, by server/lib/endpoint.ts, with the same pure rules (src/domain/permissions.ts,
 * city-tabs.ts) that decide what the client shows. Routes not declared yet call the require* helpers.
 */
export function requireFlag(ctx: PermissionContext, ...anyOf: FlagKey[]): void {
  if (!anyOf.some((key) => hasFlag(ctx, key))) throw forbidden();
}

export function requireAdmin(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) throw forbidden('Apenas administradores podem realizar esta ação.');
}

export function requireFullAdmin(ctx: PermissionContext): void {
  if (!isFullAdmin(ctx.usuario)) throw forbidden('Apenas o administrador do sistema pode realizar esta ação.');
}

export const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';

/** A municipality the user may not see answers like one that does not exist: its existence is not leaked. */
export function requireMunicipality(ctx: PermissionContext, municipioId: number): void {
  if (!canSeeMunicipality(ctx, municipioId)) throw notFound(MUNICIPALITY_NOT_FOUND);
}

/**
 * The API behind a city tab answers 403 to a user who may not open that tab (spec §2 "City header
 * tabs"), with the rule the tab bar and the city routes use. Call after the municipality check.
 */
export function requireCityTab(ctx: PermissionContext, municipioId: number, tab: CityTabId, uf = '', selo: string | null = null): void {
  if (!canOpenCityTab(tab, { ...ctx, municipioId, selo }, uf)) throw forbidden();
}

/**
 * The one municipality gate: the municipality the user sees (404 "Município não encontrado." when
 * not seen or not of the tenant, its existence not leaked), then, with `tab`, that city tab (403).
 * Resolves with the municipality (and its spec §6 vigente rule).
 */
export async function openMunicipality(
  db: Db,
  ctx: PermissionContext,
  tenantId: string,
  municipioId: number,
  tab?: CityTabId,
): Promise<MunicipalityDetail> {
  requireMunicipality(ctx, municipioId);
  const municipality = await municipalityWithVigente(db, tenantId, municipioId);
  if (!municipality) throw notFound(MUNICIPALITY_NOT_FOUND);
  // The seal too: Cliente Oculto is hidden for an Ouro seal with naoVerClienteOcultoOuro (spec §6).
  if (tab) requireCityTab(ctx, municipioId, tab, municipality.uf, municipality.selo);
  return municipality;
}

/** A record a route names by id, and how its owning feature finds the municipality it belongs to. */
export type RecordResolver<Row extends { municipioId: number } = { municipioId: number }> = {
  find: (db: Db, tenantId: string, id: number) => Promise<Row | null>;
  /** The 404 message of a record that is missing, of a municipality out of sight or not `visible`. */
  notFound: string;
  /** A record the user may not see even in a municipality they see (another axis): answered as missing. */
  visible?: (ctx: PermissionContext, row: Row) => boolean;
};

/**
 * The records endpoints may name in `access.record.of`, each registered by the feature that owns
 * it (registerRecord). Features add their row type here:
 * `declare module '../../lib/access.ts' { interface Records { evidence: QuestionRow } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Records {}

const resolvers = new Map<string, RecordResolver>();

/** Registers how access finds a record's municipality (once per kind, from the owning feature's routes). */
export function registerRecord<K extends keyof Records & string>(
  of: K,
  resolver: RecordResolver<Records[K] extends { municipioId: number } ? Records[K] : never>,
): void {
  resolvers.set(of, resolver as unknown as RecordResolver);
}

/** What access resolved for a request: the handler receives it instead of checking again. */
export type Resolved = { municipality?: MunicipalityDetail; record?: { municipioId: number } };

type Bags = { params?: unknown; query?: unknown; body?: unknown };

/** The id at `source` when it reads as a valid id (raw text or number); undefined otherwise (left to validation). */
export function idAt(bags: Bags, source: IdSource): number | undefined {
  const dot = source.indexOf('.');
  const bag = bags[source.slice(0, dot) as keyof Bags] as Record<string, unknown> | null | undefined;
  const value = bag && typeof bag === 'object' ? bag[source.slice(dot + 1)] : undefined;
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT ? id : undefined;
}

type Rules = Exclude<Access, 'public' | 'session'>;

const flagList = (flags: FlagKey | readonly FlagKey[]): FlagKey[] => (typeof flags === 'string' ? [flags] : [...flags]);

/** The role rules (admin, flag, manage): they read nothing from the request but its session. */
export function checkRole(ctx: PermissionContext, rules: Rules): void {
  if (rules.admin === 'full') requireFullAdmin(ctx);
  else if (rules.admin) requireAdmin(ctx);
  if (rules.manage !== undefined && !isAdmin(ctx.usuario)) requireFlag(ctx, ...flagList(rules.manage));
  if (rules.restrictedBy !== undefined && isRestrictedBy(ctx, rules.restrictedBy)) throw forbidden(rules.refused);
  if (rules.flag === undefined) return;
  if (!flagList(rules.flag).some((key) => hasFlag(ctx, key))) throw forbidden(rules.refused);
}

/**
 * The place rules (record or municipality, then tab) for the id read at their source; `id` undefined
 * means the request names no valid id there (a 404: a gated route always names its place).
 */
export async function checkPlace(
  db: Db,
  ctx: PermissionContext,
  tenantId: string,
  rules: Rules,
  id: number | undefined,
): Promise<Resolved> {
  if (rules.record) {
    const resolver = resolvers.get(rules.record.of);
    if (!resolver) throw new Error(`Registro sem resolvedor de acesso: ${rules.record.of} (registerRecord).`);
    const row = id === undefined ? null : await resolver.find(db, tenantId, id);
    if (!row) throw notFound(resolver.notFound);
    const municipality = await openMunicipality(db, ctx, tenantId, row.municipioId, rules.tab).catch((error: unknown) => {
      // A record of a municipality the user does not see is as unknown as the municipality.
      if (error instanceof AppError && error.statusCode === 404) throw notFound(resolver.notFound);
      throw error;
    });
    if (resolver.visible && !resolver.visible(ctx, row)) throw notFound(resolver.notFound);
    return { municipality, record: row };
  }
  if (id === undefined) throw notFound(MUNICIPALITY_NOT_FOUND);
  return { municipality: await openMunicipality(db, ctx, tenantId, id, rules.tab) };
}
