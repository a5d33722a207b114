/**
 * Read model: a municipality's questions on the axes a user sees (the offline bundle). The
 * questions feature owns the query; this is the one door to it.
 */
export { listQuestions } from '../features/questions/repository.ts';
