import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { onlyDigits } from '../../../src/domain/cpf.ts';
import type { AmeiConfig } from '../../config.ts';
import { DEMO_IDENTITIES, type DemoIdentity } from './demo-identities.ts';
import type { ProviderKeys } from './keys.ts';
import { loadProviderClass, type Account, type OidcProvider } from './provider-types.ts';

/**
 * The embedded OpenID provider (issue 18): a stand-in for São Paulo's AMEI when AMEI_ISSUER and its
 * companions are not set, so the single sign-on runs end to end on one machine. Built with
 * oidc-provider (authorization code with PKCE, refresh tokens, discovery, JWKS); this file only adds
 * its accounts (demo-identities.ts) and a pt-BR login page. The app itself never calls into it: it
 * verifies the tokens the same way as the real provider's (verifier.ts).
 *
 * Limits, said plainly: its grants, sessions and refresh tokens live in memory, so a restart of the
 * server makes the next token refresh fail and the user signs in again; its signing key persists
 * (keys.ts), so ID tokens and app sessions issued before a restart stay valid.
 */
export type EmbeddedProviderOptions = {
  amei: Extract<AmeiConfig, { mode: 'embedded' }>;
  keys: ProviderKeys;
  demoPassword: string;
  trustProxy: boolean;
};

/** Where the app receives the authorization code (src/features/sso). */
export const SSO_CALLBACK_PATH = '/sp/welcome';
/**
 * The provider's own pages and endpoints are OpenID Connect's, described by its discovery document,
 * not by the API's OpenAPI document (which lints only /api routes).
 */
const HIDDEN = { schema: { hide: true } };
const MOUNT = '/idp';
const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;

function claimsOf(identity: DemoIdentity): Record<string, unknown> {
  return {
    sub: identity.ameiid,
    name: identity.nome,
    email: identity.email,
    cpf: identity.cpf,
    ameiid: identity.ameiid,
    perfil: identity.perfil,
  };
}

function findIdentity(login: string): DemoIdentity | undefined {
  const value = login.trim().toLowerCase();
  if (!value) return undefined;
  return DEMO_IDENTITIES.find((i) => i.email === value || (onlyDigits(value).length === 11 && i.cpf === onlyDigits(value)));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #71717a;border-radius:.35rem}
input:focus,button:focus{outline:3px solid #991919;outline-offset:2px}
button{margin-top:1.25rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;color:#fff;background:#991919;border:0;border-radius:.35rem;cursor:pointer}
button.secundario{color:#991919;background:#fff;border:1px solid #991919;margin-top:.75rem}
[role=alert]{padding:.6rem;border-radius:.35rem;background:#fee2e2;color:#7f1d1d}small{color:#52525b}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · AMEI (demonstração)</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, { login = '', error }: { login?: string; error?: string } = {}): string {
  return page(
    'Entrar',
    `<h1>AMEI · Acesso único</h1><p>Provedor de identidade de demonstração do Estado de São Paulo.</p>
${error ? `<p role="alert" id="erro">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${MOUNT}/interacao/${encodeURIComponent(uid)}/login" novalidate>
<label for="login">E-mail ou CPF</label>
<input id="login" name="login" autocomplete="username" required value="${escapeHtml(login)}"${error ? ' aria-describedby="erro" aria-invalid="true"' : ''} autofocus>
<label for="senha">Senha</label>
<input id="senha" name="senha" type="password" autocomplete="current-password" required${error ? ' aria-describedby="erro" aria-invalid="true"' : ''}>
<button type="submit">Entrar</button>
</form>
<p><small>Contas de demonstração: ${DEMO_IDENTITIES.map((i) => `${escapeHtml(i.email)} (${escapeHtml(i.role)})`).join(', ')}.</small></p>`,
  );
}

/** The provider's error codes (OAuth 2.0 and OpenID Connect) in words a person reads. */
const ERROR_MESSAGES: Record<string, string> = {
  invalid_request: 'O pedido de login chegou incompleto ou inválido.',
  invalid_client: 'O aplicativo que pediu o login não é reconhecido por este provedor.',
  unauthorized_client: 'Este aplicativo não tem permissão para esse tipo de login.',
  invalid_scope: 'O aplicativo pediu dados que este provedor não fornece.',
  invalid_redirect_uri: 'O endereço de retorno do aplicativo não está cadastrado neste provedor.',
  access_denied: 'O acesso foi negado.',
  login_required: 'É preciso entrar novamente.',
  session_not_found: 'Sua sessão no acesso único expirou. Entre novamente.',
  invalid_grant: 'O login expirou ou já foi usado. Entre novamente.',
  server_error: 'O provedor de identidade teve um problema. Tente novamente em instantes.',
  temporarily_unavailable: 'O provedor de identidade está indisponível no momento. Tente novamente em instantes.',
};

function errorPage(code: string): string {
  const message = ERROR_MESSAGES[code] ?? 'Não foi possível concluir o login. Tente novamente.';
  return page(
    'Erro',
    `<h1>Não foi possível entrar</h1><p role="alert">${escapeHtml(message)}</p><p><small>Código do erro: ${escapeHtml(code)}</small></p>
<p><a href="${SSO_CALLBACK_PATH}">Voltar ao aplicativo</a></p>`,
  );
}

/** The sign-out confirmation; `form` is the library's hidden form (its anti-forgery field), which the buttons submit. */
function logoutPage(form: string): string {
  return page(
    'Sair',
    `<h1>Sair do acesso único?</h1><p>Você será desconectado do provedor de identidade neste navegador.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sim, sair</button>
<button type="submit" form="op.logoutForm" class="secundario">Não, continuar conectado</button>`,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export const embeddedIdentityProvider: FastifyPluginAsync<EmbeddedProviderOptions> = async (
  app,
  { amei, keys, demoPassword, trustProxy },
) => {
  const origin = new URL(amei.issuer).origin;
  // oidc-provider (and the few hundred milliseconds of loading it) waits for the provider's first
  // request: most starts of the server never see one, and the start stays fast (issue 32, item 9).
  let started: Promise<{ provider: OidcProvider; callback: ReturnType<OidcProvider['callback']> }> | undefined;
  const providerOnce = () => {
    started ??= startProvider().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  const startProvider = async () => {
    const Provider = await loadProviderClass();
    const provider = new Provider(amei.issuer, {
      clients: [
        {
          client_id: amei.clientId,
          // A browser app keeps no secret: PKCE (required for public clients) protects the code.
          token_endpoint_auth_method: 'none',
          application_type: 'web',
          redirect_uris: [`${origin}${SSO_CALLBACK_PATH}`],
          post_logout_redirect_uris: [`${origin}${SSO_CALLBACK_PATH}`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [keys.signingKey] },
      cookies: { keys: keys.cookieKeys },
      async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
        const identity = DEMO_IDENTITIES.find((i) => i.ameiid === sub);
        if (!identity) return undefined;
        return { accountId: sub, claims: async () => claimsOf(identity) };
      },
      claims: { openid: ['sub'], profile: ['name'], email: ['email'], amei: ['cpf', 'ameiid', 'perfil'] },
      // The app reads nome, e-mail, CPF, AMEI id and profile from the ID token itself (spec §7).
      conformIdTokenClaims: false,
      // The app is this provider's own first party: its sign-in needs no consent screen, and it keeps
      // its session alive with refresh tokens without asking for offline_access.
      async loadExistingGrant(ctx: {
        oidc: {
          client: { clientId: string };
          session: { accountId: string; grantIdFor(clientId: string): string | undefined };
          result?: { consent?: { grantId?: string } };
          params: { scope?: string };
          provider: { Grant: { find(id: string): Promise<unknown>; new (init: Record<string, unknown>): GrantLike } };
        };
      }) {
        const { client, session, result, provider: p } = ctx.oidc;
        const existing = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        if (existing) {
          const found = await p.Grant.find(existing);
          if (found) return found;
        }
        const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid profile email amei');
        await grant.save();
        return grant;
      },
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
        client.grantTypeAllowed('refresh_token'),
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${MOUNT}/interacao/${interaction.uid}` },
      // Only the app's own pages call the provider from a browser script (discovery, token).
      clientBasedCORS: (_ctx: unknown, requestOrigin: string) => requestOrigin === origin,
      features: {
        devInteractions: { enabled: false },
        // Stated rather than defaulted (the library warns until it is): a client revokes only its own tokens;
        // the app is a public client (no secret), so another client's token is quietly not revoked.
        revocation: {
          enabled: true,
          allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) =>
            token.clientId === client.clientId,
        },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx: { body: string }, form: string) => {
            ctx.body = logoutPage(form);
          },
          postLogoutSuccessSource: (ctx: { body: string }) => {
            ctx.body = page(
              'Você saiu',
              `<h1>Você saiu</h1><p>Sua sessão no acesso único foi encerrada.</p><p><a href="${SSO_CALLBACK_PATH}">Voltar ao aplicativo</a></p>`,
            );
          },
        },
      },
      ttl: {
        // Minutes (AMEI_ID_TOKEN_TTL_SECONDS, 5 by default): an ID token that leaks is soon worthless, and
        // it opens one app session at most (spendIdToken); the app renews both with the refresh token.
        IdToken: amei.idTokenTtlSeconds,
        AccessToken: amei.idTokenTtlSeconds,
        RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
        Session: REFRESH_TOKEN_TTL_SECONDS,
        Grant: REFRESH_TOKEN_TTL_SECONDS,
        Interaction: 3600,
      },
      // Its own pages in Portuguese, styled inline like the login page: nothing is loaded from another
      // host (the library's defaults are in English and import a web font from Google).
      async renderError(ctx: { type: string; body: string }, out: { error: string; error_description?: string }) {
        ctx.type = 'html';
        ctx.body = errorPage(out.error);
      },
    });
    provider.proxy = trustProxy;
    return { provider, callback: provider.callback() };
  };

  // Form posts (the token endpoint, the login page) arrive urlencoded: kept as text here, and
  // oidc-provider parses its own (it reads an already parsed body from req.body).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get<{ Params: { uid: string } }>('/interacao/:uid', HIDDEN, async (request, reply) => {
    const { provider } = await providerOnce();
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) return sendPage(reply, 400, page('Erro', '<p role="alert">Sessão de login inválida.</p>'));
    return sendPage(reply, 200, loginPage(details.uid));
  });

  app.post<{ Params: { uid: string }; Body: string }>('/interacao/:uid/login', HIDDEN, async (request, reply) => {
    const { provider } = await providerOnce();
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const login = form.get('login') ?? '';
    const identity = findIdentity(login);
    if (!identity || form.get('senha') !== demoPassword) {
      return sendPage(reply, 401, loginPage(details.uid, { login, error: 'E-mail/CPF ou senha inválidos.' }));
    }
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: identity.ameiid } },
      { mergeWithLastSubmission: false },
    );
  });

  // Everything else is oidc-provider's: discovery, authorization, token, JWKS, revocation, logout.
  const delegate = async (
    request: { raw: IncomingMessage & { originalUrl?: string; body?: unknown }; body: unknown },
    reply: FastifyReply,
  ) => {
    const { callback } = await providerOnce();
    reply.hijack();
    const raw = request.raw;
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(MOUNT.length) || '/';
    if (request.body !== undefined) raw.body = request.body;
    callback(raw, reply.raw);
  };
  app.all('/', HIDDEN, delegate);
  app.all('/*', HIDDEN, delegate);
};

type GrantLike = { addOIDCScope(scope: string): void; save(): Promise<string> };
