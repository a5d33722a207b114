import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { canSeeMunicipality, permittedMunicipalityIds, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { municipio } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireOwned } from '../../lib/register.ts';

/**
 * Registers kept per municipality (schools, actors): a user reads and writes only the rows of the
 * municipalities they see (spec §6: all with visualizaMunicipio, otherwise those of their permissions).
 */

/** The list's condition on the row's municipality column: none, or the user's municipalities (false when none). */
export function visibleMunicipalityCondition(request: FastifyRequest, column: PgColumn): SQL | undefined | false {
  if (seesAllMunicipalities(request.session)) return undefined;
  const ids = [...permittedMunicipalityIds(request.session.usuario)];
  return ids.length === 0 ? false : inArray(column, ids);
}

/** A body's municipality must be the tenant's and one the user sees; otherwise 400, as if it did not exist. */
export async function requireVisibleMunicipality(db: Db, tenantId: string, request: FastifyRequest, municipioId: number): Promise<void> {
  await requireOwned(db, tenantId, municipio, municipio.municipioId, [municipioId], 'Município não encontrado.');
  if (!canSeeMunicipality(request.session, municipioId)) throw badRequest('Município não encontrado.');
}
