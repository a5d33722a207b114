/**
 * What other features may read of the questions, and the one module of this feature they import
 * (eslint.config.js, server zones): a municipality's questions on the axes a user sees (the offline
 * bundle). The query stays in the repository, which the questions routes share.
 */
export { listQuestions } from './repository.ts';
