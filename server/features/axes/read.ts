/**
 * What other features may read of the axes, and the one module of this feature they import
 * (eslint.config.js, server zones): the axes as every list reads them, with their project's name
 * (the axes register, server/features/registers/axes.ts). The query stays in the repository, which
 * the axes routes share; this line is the feature's declaration of what it lends out.
 */
export { selectAxes } from './repository.ts';
