import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { onlyDigits } from '../../../src/domain/cpf.ts';
import type { AmeiConfig } from '../../config.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { publicJwk, type ProviderKeys } from './keys.ts';

/** What the app takes from a verified ID token (spec §7: nome, email, cpf digits only, ameiid) and the role. */
export type AmeiIdentity = { nome: string; email: string; cpf: string; ameiid: string; perfil: string | null; expiresAt: number };

export type AmeiVerifier = (idToken: string, nonce: string) => Promise<AmeiIdentity>;

export const AMEI_MESSAGES = {
  ausente: 'Entre pelo acesso único: o token do provedor não foi enviado.',
  invalido: 'Token do acesso único inválido. Entre novamente.',
  expirado: 'O token do acesso único expirou. Entre novamente.',
  outroAplicativo: 'O token do acesso único não foi emitido para este aplicativo.',
  outroProvedor: 'O token do acesso único não foi emitido pelo provedor esperado.',
  nonce: 'O token do acesso único não corresponde a este login. Entre novamente.',
  reutilizado: 'Este token do acesso único já foi usado. Entre novamente.',
  semDados: 'O token do acesso único não traz nome, e-mail, CPF e identificação AMEI.',
  provedorFora: 'Não foi possível contatar o provedor do acesso único. Tente novamente em instantes.',
} as const;

// Asymmetric signatures only: `none` and any HMAC (whose key a client could know) are refused before
// any key is looked at.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** The real provider's keys, found through its discovery document once and cached by jose afterwards. */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!keys) {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`discovery ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
      if (!jwksUri) throw new Error('discovery without jwks_uri');
      keys = createRemoteJWKSet(new URL(jwksUri));
    }
    return keys(header, token);
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function refusal(error: unknown): AppError {
  if (error instanceof errors.JWTExpired) return unauthorized(AMEI_MESSAGES.expirado);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return unauthorized(AMEI_MESSAGES.outroAplicativo);
    if (error.claim === 'iss') return unauthorized(AMEI_MESSAGES.outroProvedor);
    return unauthorized(AMEI_MESSAGES.invalido);
  }
  if (error instanceof errors.JOSEError) return unauthorized(AMEI_MESSAGES.invalido);
  // Not a verdict on the token: the provider's keys could not be read.
  return new AppError(503, AMEI_MESSAGES.provedorFora);
}

/**
 * Verifies an ID token of the configured provider: signature (its JWKS; the embedded provider's key is
 * read locally), issuer, audience, expiry and the nonce the client used. Throws 401s in pt-BR.
 */
export function createAmeiVerifier(amei: AmeiConfig, embeddedKeys?: ProviderKeys): AmeiVerifier {
  const keys: JWTVerifyGetKey =
    amei.mode === 'embedded' ? createLocalJWKSet({ keys: [publicJwk(embeddedKeys!.signingKey)] }) : remoteKeys(amei.issuer);
  return async (idToken, nonce) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: amei.issuer,
        audience: amei.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw refusal(error);
    }
    // A token issued for one sign-in is worthless to another: the nonce ties it to this client's request.
    if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) throw unauthorized(AMEI_MESSAGES.nonce);
    const identity = {
      nome: text(payload.name) || text(payload.nome),
      email: text(payload.email).toLowerCase(),
      cpf: onlyDigits(text(payload.cpf)),
      ameiid: text(payload.ameiid) || text(payload.sub),
      perfil: text(payload.perfil) || null,
      expiresAt: payload.exp!,
    };
    if (!identity.nome || !identity.email || identity.cpf.length !== 11 || !identity.ameiid) throw unauthorized(AMEI_MESSAGES.semDados);
    return identity;
  };
}
