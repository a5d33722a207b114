import type { FastifyRequest } from 'fastify';
import type { AmeiLoginRequest, LoginResponse } from '../../../src/domain/session.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { loadSession } from '../../lib/session-repository.ts';
import { findOrProvisionUser, groupNameOfProfile, spendIdToken } from './repository.ts';
import { AMEI_MESSAGES, type AmeiVerifier } from './verifier.ts';

/**
 * Signs in with the provider's ID token. The base's state is a rule `access` cannot say (the SSO
 * is São Paulo's only), so it is decided here. Not one transaction: the spent token must stay
 * spent whatever follows (one token, one try), and provisioning is idempotent by itself.
 */
export async function login(request: FastifyRequest, verify: AmeiVerifier, input: AmeiLoginRequest): Promise<LoginResponse> {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  if (request.tenant.uf !== 'SP') throw forbidden('O acesso único é exclusivo da base de São Paulo.');
  const { idToken, nonce } = input;
  if (!idToken || !nonce) throw unauthorized(AMEI_MESSAGES.ausente);
  const identity = await verify(idToken, nonce);
  // One token, one session: a token read from a log, a proxy or a browser's history opens nothing.
  if (!(await spendIdToken(db, idToken, identity.expiresAt))) throw unauthorized(AMEI_MESSAGES.reutilizado);
  const groupName = groupNameOfProfile(identity.perfil);
  if (!groupName) throw forbidden('Seu perfil no acesso único não dá acesso a este sistema. Procure o administrador.');
  const result = await findOrProvisionUser(db, tenantId, identity, groupName);
  if (result.status === 'no-group') throw forbidden(`O grupo ${result.groupName} não está cadastrado nesta base. Procure o administrador.`);
  if (result.status === 'conflict') {
    throw new AppError(409, 'O e-mail ou o CPF do acesso único já pertence a outro usuário. Procure o administrador.');
  }
  if (!result.habilitado) throw forbidden('Usuário desabilitado. Procure o administrador do sistema.');
  const session = await loadSession(db, tenantId, result.usuarioId);
  if (!session) throw unauthorized(AMEI_MESSAGES.invalido);
  // The app's session ends with the provider's token: the app refreshes both together.
  const token = await request.server.issueToken(tenantId, result.usuarioId, { notAfter: identity.expiresAt });
  request.log.info({ usuarioId: result.usuarioId, created: result.created }, 'amei login');
  return { ...session, ...token };
}
