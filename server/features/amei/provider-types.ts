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

/** The untyped package, loaded by a specifier TypeScript does not resolve, behind the types above. */
export async function loadProviderClass(): Promise<OidcProviderClass> {
  const specifier: string = 'oidc-provider';
  return ((await import(specifier)) as { default: OidcProviderClass }).default;
}
