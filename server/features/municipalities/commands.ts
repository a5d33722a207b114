import type { z } from 'zod';
import type { municipalityUpdateSchema } from '../../../src/contract/municipalities.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import type { MunicipalityGroup } from '../../../src/domain/members.ts';
import { canWriteCityGroups, isAdmin, type PermissionContext } from '../../../src/domain/permissions.ts';
import { requireFlag } from '../../lib/access.ts';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound, pgCode } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The municipalities' writes, each in the transaction withCommand opens. Access (the declaration)
 * already decided the municipality or the group; the rules its vocabulary does not cover are here.
 */

const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';
const DUPLICATE_GROUP = 'Já existe um grupo com esse nome neste município.';

/**
 * Turns a constraint violation of a write into a 409 with a message about it: `23505` a unique
 * index (a duplicated name), `23503` a foreign key (a table added later without a cascade must not
 * turn into a 500 or a misleading 400). In a transaction the 409 still rolls the whole command back.
 */
async function or409<T>(code: '23505' | '23503', message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === code) throw conflict(message);
    throw error;
  }
}

/** Not in the declaration: the access vocabulary has no "admin or flag" (an admin may save without salvarMunicipio). */
function requireMunicipalityWriter(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) requireFlag(ctx, 'salvarMunicipio');
}

/** Not in the declaration: the rule reads the municipality (canWriteCityGroups) and answers its own 403 message. */
function requireGroupWriter(ctx: PermissionContext, municipioId: number): void {
  if (!canWriteCityGroups(ctx, municipioId)) throw forbidden('Você não tem permissão para alterar os grupos deste município.');
}

async function reloadMunicipality(db: Db, tenantId: string, municipioId: number): Promise<MunicipalityDetail> {
  const row = await repo.municipalityWithVigente(db, tenantId, municipioId);
  if (!row) throw notFound(MUNICIPALITY_NOT_FOUND);
  return row;
}

async function reloadGroup(tx: Tx, tenantId: string, grupoId: number): Promise<MunicipalityGroup> {
  const group = await repo.findGroup(tx, tenantId, grupoId);
  if (!group) throw new Error(`group ${grupoId} vanished after being written`);
  return group;
}

/**
 * Only what was sent is written (zod leaves absent keys out); a reference must be the tenant's.
 * One write after reads, so it runs on the database, not under withCommand: the answer is reread
 * through server/lib/municipality.ts, which reads the database only (not a transaction).
 */
export async function update(
  db: Db,
  ctx: PermissionContext,
  tenantId: string,
  municipioId: number,
  body: z.output<typeof municipalityUpdateSchema>,
): Promise<MunicipalityDetail> {
  requireMunicipalityWriter(ctx);
  const wrongReference = await repo.invalidReference(db, tenantId, body);
  if (wrongReference) throw badRequest(wrongReference);
  const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  await or409('23505', 'Já existe um município com esse nome nesta UF.', () => repo.updateMunicipality(db, tenantId, municipioId, patch));
  return reloadMunicipality(db, tenantId, municipioId);
}

/** A municipality with members or meetings is kept (409). */
export async function remove(tx: Tx, tenantId: string, municipioId: number): Promise<null> {
  const usage = await repo.municipalityUsage(tx, tenantId, municipioId);
  if (usage.membros > 0 || usage.encontros > 0) throw conflict('Não é possível excluir: o município possui membros ou encontros.');
  await or409('23503', 'Não é possível excluir: o município possui registros vinculados.', () =>
    repo.deleteMunicipality(tx, tenantId, municipioId),
  );
  return null;
}

export async function createGroup(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  municipioId: number,
  nome: string,
): Promise<MunicipalityGroup> {
  requireGroupWriter(ctx, municipioId);
  const grupoId = await or409('23505', DUPLICATE_GROUP, () => repo.insertGroup(tx, tenantId, municipioId, nome));
  return reloadGroup(tx, tenantId, grupoId);
}

export async function renameGroup(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  group: MunicipalityGroup,
  nome: string,
): Promise<MunicipalityGroup> {
  requireGroupWriter(ctx, group.municipioId);
  await or409('23505', DUPLICATE_GROUP, () => repo.renameGroup(tx, tenantId, group.grupoId, nome));
  return reloadGroup(tx, tenantId, group.grupoId);
}

/** A group with members or meetings is kept (409). */
export async function removeGroup(tx: Tx, ctx: PermissionContext, tenantId: string, group: MunicipalityGroup): Promise<null> {
  requireGroupWriter(ctx, group.municipioId);
  const usage = await repo.groupUsage(tx, tenantId, group.grupoId);
  if (usage.membros > 0) throw conflict('Não é possível excluir: o grupo possui membros.');
  if (usage.encontros > 0) throw conflict('Não é possível excluir: o grupo possui encontros.');
  await or409('23503', 'Não é possível excluir: o grupo possui registros vinculados.', () => repo.deleteGroup(tx, tenantId, group.grupoId));
  return null;
}
