import { registerPlugin } from '../../lib/register.ts';
import { municipalityBracketRegister, solutionBracketRegister } from './brackets.ts';
import { contractStatusRegister, statusRegister } from './statuses.ts';
import { actorRegister } from './actors.ts';
import { categoryRegister } from './categories.ts';
import { contractRegister } from './contracts.ts';
import { institutionRegister } from './institutions.ts';
import { jobRoleRegister } from './job-roles.ts';
import { regionalUnitRegister } from './regional-units.ts';
import { schoolRegister } from './schools.ts';
import { axisGroupRegister, axisRegister } from './axes.ts';
import { municipalityAxesRoutes } from './municipality-axes.ts';
import { solutionTypeRegister } from './solution-types.ts';
import { medalRegister, packageRegister } from './packages-medals.ts';
import { questionRegister } from './questions.ts';
import { scoreRangeRegister } from './score-ranges.ts';
import { themeRegister } from './themes.ts';

/**
 * The registers of spec §7 "Questions and registers" (issue 17): each is a declaration in its own
 * file, mounted here with the one pattern of server/lib/register.ts.
 */
export const registerRoutesPlugin = registerPlugin(
  themeRegister,
  questionRegister,
  scoreRangeRegister,
  packageRegister,
  medalRegister,
  axisRegister,
  axisGroupRegister,
  solutionTypeRegister,
  municipalityAxesRoutes,
  statusRegister,
  contractStatusRegister,
  municipalityBracketRegister,
  solutionBracketRegister,
  institutionRegister,
  regionalUnitRegister,
  categoryRegister,
  contractRegister,
  schoolRegister,
  jobRoleRegister,
  actorRegister,
);
