/** An error whose message is meant for the user (pt-BR) and whose status is part of the API contract. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Sessão expirada. Entre novamente.') => new AppError(401, message);
export const forbidden = (message = 'Você não tem permissão para esta ação.') => new AppError(403, message);
export const notFound = (message = 'Registro não encontrado.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

/**
 * The PostgreSQL error code (SQLSTATE: five digits or capitals, e.g. 23505 unique, 23503 foreign
 * key) somewhere in a driver error's cause chain: drizzle wraps the driver's error, and PGlite and
 * node-postgres nest it differently. Other codes on the way (Node's ERR_…) are skipped.
 */
export function pgCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/**
 * Runs a write whose checks could not see a concurrent twin: a unique index it breaks (23505)
 * becomes a 409 worded after the index's name. In a transaction the 409 still rolls it all back.
 */
export async function uniqueAs409<T>(write: () => Promise<T>, messageOf: (index: string) => string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const found = pgError(error);
    if (found?.code === '23505') throw conflict(messageOf(found.constraint ?? ''));
    throw error;
  }
}

function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}
