/** The spec's URLs (§2): they stay as the spec writes them. */
export const PAYMENT_PATHS = {
  all: '/gestao-pagamento',
  ofUser: '/gestao-pagamento/usuario/:id',
} as const;

export function userPaymentsPath(usuarioId: number): string {
  return `/gestao-pagamento/usuario/${usuarioId}`;
}
