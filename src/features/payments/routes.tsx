import type { RouteObject } from 'react-router-dom';
import { PAYMENT_PATHS } from './paths.ts';

/**
 * Payment processes (spec §2 "/gestao-pagamento and /gestao-pagamento/usuario/{id}: login
 * required but not admin-only"): every process with its filters, and one user's own.
 */
export const paymentRoutes: RouteObject[] = [
  {
    path: PAYMENT_PATHS.all,
    lazy: { Component: async () => (await import('./screens/payment-list.tsx')).PaymentListScreen },
  },
  {
    path: PAYMENT_PATHS.ofUser,
    lazy: { Component: async () => (await import('./screens/my-payments.tsx')).MyPaymentsScreen },
  },
];
