/**
 * Read model: a municipality's administrative reports as the user may see them in its list (the
 * offline bundle). The admin-reports feature owns the query and the visibility rules; this is the one door.
 */
export { listMunicipalityAdminReports } from '../features/admin-reports/municipality-list.ts';
