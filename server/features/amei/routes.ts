import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ameiClientConfigSchema, ameiLoginRequestSchema, loginResponseSchema } from '../../../src/domain/session.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { loadSession } from '../../lib/session-repository.ts';
import { findOrProvisionUser, groupNameOfProfile, spendIdToken } from './repository.ts';
import { AMEI_MESSAGES, type AmeiVerifier } from './verifier.ts';

/** The scopes the app asks the provider for: its claims are the ones the app reads (verifier.ts). */
export const AMEI_SCOPE = 'openid profile email amei';

/** Same budget as the password login (auth/routes.ts): per client address, shared by every instance. */
const LOGIN_RATE_LIMIT = { max: 100, timeWindow: 15 * 60_000 };

export const ameiRoutes: FastifyPluginAsyncZod<{ verify: AmeiVerifier }> = async (app, { verify }) => {
  const { db } = app;

  app.get(
    '/amei/configuracao',
    {
      config: { public: true, tenant: false },
      schema: {
        tags: ['amei'],
        summary: 'Provedor do acesso único de São Paulo e o client id deste aplicativo nele',
        response: { 200: ameiClientConfigSchema },
      },
    },
    async () => ({ authority: app.config.amei.issuer, clientId: app.config.amei.clientId, scope: AMEI_SCOPE }),
  );

  app.post(
    '/amei/login',
    {
      config: { public: true, rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['amei'],
        summary: 'Entrar pelo acesso único de São Paulo com o ID token do provedor',
        description:
          'Nunca lê dados pessoais do corpo: verifica assinatura (JWKS), emissor, audiência, validade e nonce do ID token, e toma nome, e-mail, CPF, AMEI id e perfil das claims verificadas. Cada ID token abre uma única sessão: reenviado, é recusado com 401.',
        body: ameiLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 403, 409, 429, 503) },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      if (request.tenant.uf !== 'SP') throw forbidden('O acesso único é exclusivo da base de São Paulo.');
      const { idToken, nonce } = request.body;
      if (!idToken || !nonce) throw unauthorized(AMEI_MESSAGES.ausente);
      const identity = await verify(idToken, nonce);
      // One token, one session: a token read from a log, a proxy or a browser's history opens nothing.
      if (!(await spendIdToken(db, idToken, identity.expiresAt))) throw unauthorized(AMEI_MESSAGES.reutilizado);
      const groupName = groupNameOfProfile(identity.perfil);
      if (!groupName) throw forbidden('Seu perfil no acesso único não dá acesso a este sistema. Procure o administrador.');
      const result = await findOrProvisionUser(db, tenantId, identity, groupName);
      if (result.status === 'no-group')
        throw forbidden(`O grupo ${result.groupName} não está cadastrado nesta base. Procure o administrador.`);
      if (result.status === 'conflict') {
        throw new AppError(409, 'O e-mail ou o CPF do acesso único já pertence a outro usuário. Procure o administrador.');
      }
      if (!result.habilitado) throw forbidden('Usuário desabilitado. Procure o administrador do sistema.');
      const session = await loadSession(db, tenantId, result.usuarioId);
      if (!session) throw unauthorized(AMEI_MESSAGES.invalido);
      // The app's session ends with the provider's token: the app refreshes both together.
      const token = await app.issueToken(tenantId, result.usuarioId, { notAfter: identity.expiresAt });
      request.log.info({ usuarioId: result.usuarioId, created: result.created }, 'amei login');
      return { ...session, ...token };
    },
  );
};
