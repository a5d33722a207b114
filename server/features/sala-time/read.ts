/** What other features may read of the time room: how many times each service was delivered (the cost room's cost per service). */
export { countDeliveries } from './repository.ts';
