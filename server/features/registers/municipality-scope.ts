import { canSeeMunicipality } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { municipio } from '../../db/schema/index.ts';
import { requireOwned, type RegisterVisibility } from '../../lib/register.ts';

const NOT_FOUND = 'Município não encontrado.';

/**
 * Registers kept per municipality (schools, actors): a user reads and writes only the rows of the
 * municipalities they see (spec §6: all with visualizaMunicipio, otherwise those of their
 * permissions). Declared as the register's visibility, so the pattern applies it to the list, to one
 * row by id, to create, update and delete alike: another municipality's row is a 404, a body naming a
 * municipality out of sight a 400, "as if it did not exist" (the same words as another tenant's).
 */
export function municipalityVisibility<Row extends { municipioId: number }, Create extends { municipioId: number }, Update extends Create>(
  idOf: (input: Update) => number,
): RegisterVisibility<Row, Create, Update> {
  return {
    sees: (ctx, row) => canSeeMunicipality(ctx, row.municipioId),
    keeps: (ctx, input) => canSeeMunicipality(ctx, input.municipioId),
    refused: NOT_FOUND,
    idOf,
  };
}

/** A body's municipality must be the tenant's (one who sees every municipality could name another tenant's). */
export function requireTenantMunicipality(db: Db, tenantId: string, municipioId: number): Promise<void> {
  return requireOwned(db, tenantId, municipio, municipio.municipioId, [municipioId], NOT_FOUND);
}
