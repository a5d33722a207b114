/**
 * Read model: a municipality's field reports as the user may see them in its list (the offline
 * bundle). The reports feature owns the query and the visibility rules; this is the one door.
 */
export { listMunicipalityReports } from '../features/field-reports/visibility.ts';
