import { canOpenCityTab, type CityTabId } from '../../src/domain/city-tabs.ts';
import type { FlagKey } from '../../src/domain/permission-flags.ts';
import { canSeeMunicipality, hasFlag, isAdmin, isFullAdmin, type PermissionContext } from '../../src/domain/permissions.ts';
import { forbidden, notFound } from './errors.ts';

/**
 * The server's one way of enforcing spec §6: every route calls these with `request.session`, using
 * the same pure rules (src/domain/permissions.ts) that decide what the client shows.
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

/** A municipality the user may not see answers like one that does not exist: its existence is not leaked. */
export function requireMunicipality(ctx: PermissionContext, municipioId: number): void {
  if (!canSeeMunicipality(ctx, municipioId)) throw notFound('Município não encontrado.');
}

/**
 * The API behind a city tab answers 403 to a user who may not open that tab (spec §2 "City header
 * tabs"), with the rule the tab bar and the city routes use. Call after the municipality check.
 */
export function requireCityTab(ctx: PermissionContext, municipioId: number, tab: CityTabId, uf = ''): void {
  if (!canOpenCityTab(tab, { ...ctx, municipioId }, uf)) throw forbidden();
}
