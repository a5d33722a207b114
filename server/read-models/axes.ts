/**
 * Read model: the axes as every list reads them (with their project's name), for the axes register
 * (server/features/registers/axes.ts). The axes feature owns the query.
 */
export { selectAxes } from '../features/axes/repository.ts';
