import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuario } from '../../server/db/schema/index.ts';
import { DEMO_IDENTITIES } from '../../server/features/amei/demo-identities.ts';
import { loadProviderKeys } from '../../server/features/amei/keys.ts';
import { AMEI_MESSAGES } from '../../server/features/amei/verifier.ts';
import { scoped } from '../../server/db/tenant-scope.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * POST /api/amei/login (issue 18 item 3): the ID token is verified (signature, issuer, audience,
 * expiry, nonce; never `alg: none`) and only its claims are used; the user is provisioned once in
 * the São Paulo tenant. Valid tokens are signed with the embedded provider's own key, as it would.
 */
let t: TestApp;
const NONCE = 'nonce-de-teste-123';
const fesp = DEMO_IDENTITIES[0]!;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function claims(identity = fesp): JWTPayload {
  return { name: identity.nome, email: identity.email, cpf: identity.cpf, ameiid: identity.ameiid, perfil: identity.perfil, nonce: NONCE };
}

async function idToken({
  payload = claims(),
  audience = t.config.amei.clientId,
  issuer = t.config.amei.issuer,
  expiresIn = '10m' as string | number,
  key,
}: { payload?: JWTPayload; audience?: string; issuer?: string; expiresIn?: string | number; key?: CryptoKey } = {}) {
  const { signingKey } = await loadProviderKeys(t.config.dataDir);
  const signWith = key ?? ((await importJWK(signingKey, 'RS256')) as CryptoKey);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
    .setSubject(String(payload.ameiid))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(signWith);
}

function post(payload: unknown, tenant = 'sp') {
  return t.app.inject({ method: 'POST', url: '/api/amei/login', headers: { database: tenant }, payload: payload as object });
}

describe('POST /api/amei/login refuses', () => {
  it('a bare body of claims, without a token', async () => {
    const res = await post({ nome: fesp.nome, email: fesp.email, cpf: fesp.cpf, ameiid: fesp.ameiid });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.ausente);
  });

  it('a token signed by another key (forged)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const res = await post({ idToken: await idToken({ key: privateKey }), nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.invalido);
  });

  it('an expired token', async () => {
    const res = await post({ idToken: await idToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 }), nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.expirado);
  });

  it('a token for another audience', async () => {
    const res = await post({ idToken: await idToken({ audience: 'outro-aplicativo' }), nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.outroAplicativo);
  });

  it('a token of another issuer', async () => {
    const res = await post({ idToken: await idToken({ issuer: 'https://provedor-falso.example/idp' }), nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.outroProvedor);
  });

  it('a token whose nonce is not the one the client sent', async () => {
    const res = await post({ idToken: await idToken(), nonce: 'outro-nonce' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.nonce);
  });

  it('an unsigned token (alg: none)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      ...claims(),
      sub: fesp.ameiid,
      iss: t.config.amei.issuer,
      aud: t.config.amei.clientId,
      iat: now,
      exp: now + 600,
    })}.`;
    const res = await post({ idToken: unsigned, nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AMEI_MESSAGES.invalido);
  });

  it('a sign-in outside the São Paulo tenant', async () => {
    const res = await post({ idToken: await idToken(), nonce: NONCE }, 'sc');
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/amei/login with a valid token', () => {
  it('provisions the user once, from the verified claims, with the group of its profile', async () => {
    const coordenador = DEMO_IDENTITIES.find((i) => i.perfil === 'Coordenador')!;
    const first = await post({ idToken: await idToken({ payload: { ...claims(coordenador), cpf: '529.634.187-28' } }), nonce: NONCE });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.usuario).toMatchObject({ nome: coordenador.nome, email: coordenador.email, cpf: coordenador.cpf });
    expect(body.usuario.grupo.nome).toBe('Coordenador');
    expect(body.tenant).toMatchObject({ id: 'sp', uf: 'SP' });
    // The session answers like the password login's: the token opens the API.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/usuario/sessao',
      headers: { authorization: `Bearer ${body.token}`, database: 'sp' },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().usuario.usuarioId).toBe(body.usuario.usuarioId);

    const second = await post({ idToken: await idToken({ payload: claims(coordenador) }), nonce: NONCE });
    expect(second.statusCode).toBe(200);
    expect(second.json().usuario.usuarioId).toBe(body.usuario.usuarioId);
    const rows = await t.db
      .select()
      .from(usuario)
      .where(scoped(usuario, 'sp', eq(usuario.ameiId, coordenador.ameiid)));
    expect(rows).toHaveLength(1);
  });

  it('ends the app session no later than the provider token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 120;
    const res = await post({ idToken: await idToken({ expiresIn: exp }), nonce: NONCE });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().expiraEm).getTime()).toBe(exp * 1000);
  });
});

describe('the embedded provider', () => {
  it('publishes its discovery document at /idp and the app its client settings', async () => {
    const discovery = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: t.config.amei.issuer, code_challenge_methods_supported: ['S256'] });
    const config = await t.app.inject({ method: 'GET', url: '/api/amei/configuracao' });
    expect(config.json()).toMatchObject({ authority: t.config.amei.issuer, clientId: t.config.amei.clientId });
  });
});
