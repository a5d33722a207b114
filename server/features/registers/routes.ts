import { registerPlugin } from '../../lib/register.ts';
import { medalRegister, packageRegister } from './packages-medals.ts';
import { questionRegister } from './questions.ts';
import { scoreRangeRegister } from './score-ranges.ts';
import { themeRegister } from './themes.ts';

/**
 * The registers of spec §7 "Questions and registers" (issue 17): each is a declaration in its own
 * file, mounted here with the one pattern of server/lib/register.ts.
 */
export const registerRoutesPlugin = registerPlugin(themeRegister, questionRegister, scoreRangeRegister, packageRegister, medalRegister);
