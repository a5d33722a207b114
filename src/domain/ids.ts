import { z } from 'zod';

/**
 * The id schemas of every route and form, in a module of their own: the contract's shared pieces
 * (src/contract/schemas.ts), which every endpoint declaration imports, need these and not the rest
 * of users.ts (issue 32: each screen's file carries what its contract imports).
 */

/** Ids are PostgreSQL `integer` serials: a larger number would reach the database as an out-of-range error. */
export const MAX_INT = 2_147_483_647;

/** The one message for an id that is not one (0, negative, fractional or too large). */
export const INVALID_ID_MESSAGE = 'Identificador inválido';

/**
 * The id schema of every route and form (ids are positive serials): one place, so an id of 0 or -1
 * reads "Identificador inválido" everywhere, never a generic bound.
 */
export const idSchema = z.number().int(INVALID_ID_MESSAGE).positive(INVALID_ID_MESSAGE).max(MAX_INT, INVALID_ID_MESSAGE);
/** Path and query ids arrive as text. */
export const idTextSchema = z.coerce.number<string>().pipe(idSchema);
export const idParamsSchema = z.object({ id: idTextSchema });
