/**
 * What other features may read of the municipalities, and the one module of this feature they
 * import (eslint.config.js, server zones): whether a municipality exists, its detail with the spec §6
 * vigente rule, and its member groups. The queries stay in the repository, which the municipalities
 * routes share.
 */
export { listGroups, municipalityExists, municipalityWithVigente } from './repository.ts';
