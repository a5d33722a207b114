import { ameiClientConfigSchema, ameiLoginRequestSchema, loginResponseSchema } from '../domain/session.ts';
import { LOGIN_RATE_LIMIT } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './schemas.ts';

const tags = ['amei'];

/** São Paulo's single sign-on (AMEI): the provider the client redirects to, and the login with its ID token. */
export const amei = {
  config: endpoint({
    method: 'GET',
    path: '/amei/configuracao',
    summary: 'Provedor do acesso único de São Paulo e o client id deste aplicativo nele',
    tags,
    access: 'public',
    tenant: false,
    response: { 200: ameiClientConfigSchema },
  }),
  login: endpoint({
    method: 'POST',
    path: '/amei/login',
    summary: 'Entrar pelo acesso único de São Paulo com o ID token do provedor',
    description:
      'Nunca lê dados pessoais do corpo: verifica assinatura (JWKS), emissor, audiência, validade e nonce do ID token, e toma nome, e-mail, CPF, AMEI id e perfil das claims verificadas. Cada ID token abre uma única sessão: reenviado, é recusado com 401.',
    tags,
    access: 'public',
    // Same budget as the password login: per client address, shared by every instance.
    rateLimit: LOGIN_RATE_LIMIT,
    body: ameiLoginRequestSchema,
    response: { 200: loginResponseSchema, ...errorResponses(401, 403, 409, 429, 503) },
  }),
};
