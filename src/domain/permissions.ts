import type { FlagKey, FlagSet } from './permission-flags.ts';
import type { SessionUser } from './session.ts';

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
