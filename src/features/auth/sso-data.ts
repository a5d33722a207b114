/** The single sign-on flow of the São Paulo variant (src/api/sso.ts). */
export { completeSignIn, isSignInAnswer, startSignIn } from '../../api/sso.ts';
