import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amei } from '../../../src/contract/amei.ts';
import { route } from '../../lib/endpoint.ts';
import * as commands from './commands.ts';
import type { AmeiVerifier } from './verifier.ts';

/** The scopes the app asks the provider for: its claims are the ones the app reads (verifier.ts). */
export const AMEI_SCOPE = 'openid profile email amei';

/** São Paulo's single sign-on, declared in src/contract/amei.ts (public; the login shares the password login's rate limit). */
export const ameiRoutes: FastifyPluginAsyncZod<{ verify: AmeiVerifier }> = async (app, { verify }) => {
  route(app, amei.config, async () => ({ authority: app.config.amei.issuer, clientId: app.config.amei.clientId, scope: AMEI_SCOPE }));

  route(app, amei.login, async ({ request, body }) => commands.login(request, verify, body));
};
