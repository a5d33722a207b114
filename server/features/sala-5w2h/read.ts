/** What other features may read of the 5W2H plans: a municipality's plans (the offline bundle). */
export { listPlans } from './repository.ts';
