import type { IncomingMessage, ServerResponse } from 'node:http';

// oidc-provider ships no type declarations (and @types/oidc-provider is not a dependency): these are
// the few parts identity-provider.ts uses, loosely typed where its objects are the library's business.

export type InteractionDetails = {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
};

export type Account = { accountId: string; claims: (use: string, scope: string) => Promise<Record<string, unknown>> };

export type OidcProvider = {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<void>;
};

export type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

/**
 * oidc-provider's warnings that are expected where it runs, which is only the embedded provider
 * (development, demos, tests; with the real AMEI the package is never loaded). Each is a decision
 * the README states, so printing it at every start and in every test run only hides real warnings.
 * Matched by their text (the library colours them on a terminal), so any other warning still shows.
 */
const EXPECTED_WARNINGS: readonly string[] = [
  // Its authors support Node 22 LTS and later; the project runs and tests it on Node 20.19+ (README).
  ...(process.versions.node.startsWith('20.') ? ['oidc-provider WARNING: Unsupported runtime.'] : []),
  // Grants, sessions and refresh tokens in memory are the embedded provider's stated limit (identity-provider.ts).
  'oidc-provider WARNING: a quick start development-only in-memory adapter is used',
  // Fastify reads the form bodies and hands them over parsed, which the library then uses (identity-provider.ts).
  'oidc-provider WARNING: already parsed request body detected',
];

let quieted = false;
function quietExpectedWarnings() {
  if (quieted) return;
  quieted = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    if (typeof first === 'string' && EXPECTED_WARNINGS.some((expected) => first.includes(expected))) return;
    warn(...args);
  };
}

/** The untyped package, loaded by a specifier TypeScript does not resolve, behind the types above. */
export async function loadProviderClass(): Promise<OidcProviderClass> {
  quietExpectedWarnings();
  const specifier: string = 'oidc-provider';
  return ((await import(specifier)) as { default: OidcProviderClass }).default;
}
