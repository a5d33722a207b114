/**
 * Read model: whether a municipality exists, its detail (with the spec §6 vigente rule) and its member groups, as
 * other features may read them (the offline bundle). The municipalities feature owns the queries.
 */
export { listGroups, municipalityExists, municipalityWithVigente } from '../features/municipalities/repository.ts';
