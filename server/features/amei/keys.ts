import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * The embedded provider's signing key and cookie keys, made at the first start and kept in
 * DATA_DIR/idp-keys.json (mode 600), like the session secret (config.ts): a restart keeps every
 * issued ID token verifiable and the provider's cookies readable. Deleting the file rotates them.
 */
export type ProviderKeys = { signingKey: JWK & { kid: string; alg: string }; cookieKeys: string[] };

const FILE = 'idp-keys.json';

export async function loadProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ProviderKeys;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const keys: ProviderKeys = {
    signingKey: { ...jwk, kid: randomBytes(9).toString('base64url'), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  mkdirSync(dataDir, { recursive: true });
  // 'wx': two processes starting on the same folder keep whichever wrote first.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return JSON.parse(readFileSync(file, 'utf8')) as ProviderKeys;
  }
  return keys;
}

/** The public half of the signing key, as a JWKS would publish it. */
export function publicJwk({ kty, n, e, kid, alg }: ProviderKeys['signingKey']): JWK {
  return { kty, n, e, kid, alg, use: 'sig' };
}
