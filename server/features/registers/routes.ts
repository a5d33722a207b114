import { registerPlugin } from '../../lib/register.ts';
import { axisGroupRegister, axisRegister } from './axes.ts';
import { municipalityAxesRoutes } from './municipality-axes.ts';
import { solutionTypeRegister } from './solution-types.ts';
import { themeRegister } from './themes.ts';

/**
 * The registers of spec §7 "Questions and registers" (issue 17): each is a declaration in its own
 * file, mounted here with the one pattern of server/lib/register.ts.
 */
export const registerRoutesPlugin = registerPlugin(themeRegister, axisRegister, axisGroupRegister, solutionTypeRegister, municipalityAxesRoutes);
