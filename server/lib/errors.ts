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

/** The unique index a write broke (23505), by name: a feature words its 409 after it. */
export function uniqueViolated(error: unknown): string | undefined {
  const found = pgError(error);
  return found?.code === '23505' ? (found.constraint ?? '') : undefined;
}

function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}
