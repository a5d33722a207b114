/**
 * What other features may read of the programme's catalogue, and the one module of this feature
 * they import (eslint.config.js, server zones): the municipality's solutions
 * (server/features/municipality-solutions) copy groups, solutions and tasks from here.
 */
export {
  getGroup as getCatalogueGroup,
  getTask as getCatalogueTask,
  listGroupsNotInMunicipality,
  listSolutions as listCatalogueSolutions,
  listTasks as listCatalogueTasks,
  projectExists,
} from './repository.ts';
