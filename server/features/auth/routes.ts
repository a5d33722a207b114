import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auth } from '../../../src/contract/auth.ts';
import { route } from '../../lib/endpoint.ts';
import { endSession } from '../../lib/session-repository.ts';
import * as commands from './commands.ts';

/**
 * Sign-in, sign-out, the session and the password links, declared in src/contract/auth.ts (the
 * public routes and the rate limits of the login and of the password e-mails are declared there).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, auth.login, async ({ request, reply, body }) => commands.login(request, reply, body));

  route(app, auth.logout, async ({ request, tenantId }) => {
    await endSession(db, tenantId, request.sessionId);
    return { message: 'Sessão encerrada.' };
  });

  route(app, auth.session, async ({ session }) => session);

  route(app, auth.requestRecovery, async ({ request, body }) => {
    await commands.sendPasswordLink(request, body.login, 'recuperar-senha');
    return { message: commands.LINK_SENT };
  });

  route(app, auth.requestFirstAccess, async ({ request, body }) => {
    await commands.sendPasswordLink(request, body.login, 'primeiro-acesso');
    return { message: commands.LINK_SENT };
  });

  route(app, auth.checkToken, async ({ request, query }) => commands.checkPasswordLink(request, query.token));

  route(app, auth.changePasswordWithToken, async ({ request, body }) => commands.changePasswordWithToken(request, body));

  route(app, auth.changeOwnPassword, async ({ request, body }) => commands.changeOwnPassword(request, body));
};
