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
