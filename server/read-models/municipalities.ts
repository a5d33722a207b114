/**
 * Read model: a municipality's detail (with the spec §6 vigente rule) and its member groups, as
 * other features may read them (the offline bundle). The municipalities feature owns the queries.
 */
export { listGroups, municipalityWithVigente } from '../features/municipalities/repository.ts';
