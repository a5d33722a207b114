import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ameiTokenUsado, sessao, usuario } from '../../server/db/schema/index.ts';
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

  it('opens one session per token: the same token and nonce sent again are refused', async () => {
    const nonce = crypto.randomUUID();
    const token = await idToken({ payload: { ...claims(), nonce } });
    const first = await post({ idToken: token, nonce });
    expect(first.statusCode).toBe(200);
    const again = await post({ idToken: token, nonce });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(AMEI_MESSAGES.reutilizado);
    // The refused replay did not end the session the token opened.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/usuario/sessao',
      headers: { authorization: `Bearer ${first.json().token}`, database: 'sp' },
    });
    expect(session.statusCode).toBe(200);
  });

  it('opens exactly one session when the same token arrives twice at once', async () => {
    const nonce = crypto.randomUUID();
    const token = await idToken({ payload: { ...claims(), nonce } });
    const sessionsOfFesp = async () => {
      const [user] = await t.db.select().from(usuario).where(scoped(usuario, 'sp', eq(usuario.ameiId, fesp.ameiid)));
      return user ? (await t.db.select().from(sessao).where(scoped(sessao, 'sp', eq(sessao.usuarioId, user.usuarioId)))).length : 0;
    };
    const before = await sessionsOfFesp();
    const answers = await Promise.all([post({ idToken: token, nonce }), post({ idToken: token, nonce })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.statusCode === 401)!.json().message).toBe(AMEI_MESSAGES.reutilizado);
    expect(await sessionsOfFesp()).toBe(before + 1);
  });

  it('forgets spent tokens once they expired', async () => {
    const expired = { chave: `teste-expirada-${crypto.randomUUID()}`, expiraEm: new Date(Date.now() - 60_000) };
    await t.db.insert(ameiTokenUsado).values(expired);
    const nonce = crypto.randomUUID();
    expect((await post({ idToken: await idToken({ payload: { ...claims(), nonce } }), nonce })).statusCode).toBe(200);
    expect(await t.db.select().from(ameiTokenUsado).where(eq(ameiTokenUsado.chave, expired.chave))).toEqual([]);
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

describe("the embedded provider's own pages", () => {
  /** Its pages must read in Portuguese and fetch nothing from another host (no web font, no stylesheet). */
  function expectPortugueseAndSelfContained(html: string) {
    expect(html).toContain('lang="pt-BR"');
    expect(html).not.toMatch(/Sign-out|sign me out|something went wrong|Logout Request/i);
    expect(html).not.toMatch(/(?:@import|url\(|<link|<script[^>]+src=)[^>]*https?:\/\//i);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/i);
  }

  /** Cookies as a browser would keep them across the provider's redirects (path ignored: extra cookies are harmless). */
  function cookieJar() {
    const cookies = new Map<string, string>();
    return {
      keep(res: { headers: Record<string, unknown> }) {
        for (const line of [res.headers['set-cookie'] ?? []].flat() as string[]) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
      },
      header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
  }

  it('shows its error page in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/idp/auth?client_id=aplicativo-desconhecido&response_type=code&scope=openid' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Não foi possível entrar');
    expect(res.body).toContain('O aplicativo que pediu o login não é reconhecido por este provedor.');
    expectPortugueseAndSelfContained(res.body);
  });

  it('asks to sign out and confirms it in Portuguese', async () => {
    const jar = cookieJar();
    const origin = new URL(t.config.amei.issuer).origin;
    const go = async (method: 'GET' | 'POST', url: string, payload?: string) => {
      const res = await t.app.inject({
        method,
        url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url,
        headers: { cookie: jar.header(), ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        payload,
      });
      jar.keep(res);
      return res;
    };
    // A sign-in at the provider, as the app's redirect starts it, so that there is a session to end.
    const verifier = 'verificador-de-teste-'.padEnd(64, 'x');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URLSearchParams({
      client_id: t.config.amei.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${origin}/sp/welcome`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce: crypto.randomUUID(),
      state: 'estado',
    });
    let res = await go('GET', `/idp/auth?${authorize}`);
    expect(res.statusCode).toBe(303);
    const interaction = res.headers.location!;
    res = await go('POST', `${interaction}/login`, new URLSearchParams({ login: fesp.email, senha: t.config.demoPassword }).toString());
    expect(res.statusCode).toBe(303);
    res = await go('GET', res.headers.location!);
    expect(res.headers.location).toMatch(/\/sp\/welcome\?code=/);

    const ask = await go('GET', `/idp/session/end?client_id=${t.config.amei.clientId}`);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Sair do acesso único?');
    expect(ask.body).toContain('Sim, sair');
    expectPortugueseAndSelfContained(ask.body);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.body)![1]!;
    res = await go('POST', '/idp/session/end/confirm', new URLSearchParams({ xsrf, logout: 'yes' }).toString());
    expect(res.statusCode).toBe(303);
    const done = await go('GET', res.headers.location!);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Sua sessão no acesso único foi encerrada.');
    expectPortugueseAndSelfContained(done.body);
  });
});
