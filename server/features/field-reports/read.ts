/**
 * What other features may read of the field reports, and the one module of this feature they
 * import (eslint.config.js, server zones): a municipality's reports as the user may see them in its
 * list (the offline bundle), with the visibility rules the routes apply (visibility.ts).
 */
export { listMunicipalityReports } from './visibility.ts';
/** Hours of the fulfilled tasks per report: what a payment process bills (server/features/payments). */
export { taskHoursSubquery } from './repository.ts';
