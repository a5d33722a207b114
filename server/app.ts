import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installPtBrErrors } from '../src/domain/zod-pt-br.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { adminReportRoutes } from './features/admin-reports/routes.ts';
import { ameiRoutes } from './features/amei/routes.ts';
import { embeddedIdentityProvider } from './features/amei/identity-provider.ts';
import { loadProviderKeys } from './features/amei/keys.ts';
import { createAmeiVerifier } from './features/amei/verifier.ts';
import { authRoutes } from './features/auth/routes.ts';
import { axisRoutes } from './features/axes/routes.ts';
import { questionRoutes } from './features/questions/routes.ts';
import { registerRoutesPlugin } from './features/registers/routes.ts';
import { spreadsheetRoutes } from './features/registers/spreadsheet.ts';
import { meetingRoutes } from './features/meetings/routes.ts';
import { diagnosticRoutes } from './features/diagnostic/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { evidenceRoutes } from './features/evidence/routes.ts';
import { salaRoutes } from './features/sala/routes.ts';
import { territoriesRoutes } from './features/territories/routes.ts';
import { reportCatalogueRoutes } from './features/report-catalogue/routes.ts';
import { followupRoutes } from './features/followups/routes.ts';
import { userGroupRoutes } from './features/access/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { memberRoutes } from './features/members/routes.ts';
import { municipalityRoutes } from './features/municipalities/routes.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { projectRoutes } from './features/projects/routes.ts';
import { fieldReportRoutes } from './features/field-reports/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { proposalRoutes } from './features/proposals/routes.ts';
import { mysteryShopperRoutes } from './features/mystery-shopper/routes.ts';
import { referenceTermRoutes } from './features/reference-term/routes.ts';
import { municipalitySummaryRoutes } from './features/municipality-summary/routes.ts';
import { territorialAgentRoutes } from './features/territorial-agent/routes.ts';
import { sala5w2hRoutes } from './features/sala-5w2h/routes.ts';
import { salaCostRoutes } from './features/sala-cost/routes.ts';
import { salaTimeRoutes } from './features/sala-time/routes.ts';
import { municipalitySolutionRoutes } from './features/municipality-solutions/routes.ts';
import { solutionRoutes } from './features/solutions/routes.ts';
import { settingsRoutes } from './features/access/settings-routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { leanStaticPaths, preloadingDocuments, requestPath } from './lib/static-assets.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin, routerErrors } from './plugins/input-guard.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { writeGatePlugin } from './plugins/write-gate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    mailer: Mailer;
    config: Config;
    /** Uploaded files on disk (DATA_DIR/files). */
    storage: Storage;
    /**
     * The clock of business rules that depend on the date (evidence deadlines): the real one, or a
     * fixed one given by tests.
     */
    now: () => Date;
  }
}

export type AppDeps = { config: Config; db: Db; mailer?: Mailer; logger?: FastifyServerOptions['logger']; now?: () => Date };

/** Builds the whole API (and the static PWA when it has been built). Tests call this with a fresh database. */
/** The bucket when configured (the AWS SDK is loaded only then), else the folder DATA_DIR/files. */
async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === 'local') return createLocalStorage(path.join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./lib/object-storage.ts');
  return createS3Storage(config.storage);
}

export async function buildApp({ config, db, mailer, logger, now }: AppDeps) {
  installPtBrErrors();
  const app = Fastify({
    // Every line names the instance that wrote it: behind a proxy, several write to one log.
    logger: logger ?? { level: config.logLevel, base: { pid: process.pid, hostname: hostname(), instance: config.instanceId } },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only a named proxy may set the client address: otherwise anyone could rotate X-Forwarded-For
    // past the per-address limits.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: routerErrors,
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  // The idle timeout (connectionTimeout) is for a sender that stalls. Once a request has fully
  // arrived, a quiet socket is a client waiting for its answer while the handler works (a write
  // queued behind a flush of outboxes): cutting it loses an answer whose work still commits.
  // Node destroys a timed-out socket only when no listener of its request or response takes the
  // 'timeout' event, so the response takes it, and cuts only a request still being received.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.on('timeout', (socket: Socket) => {
      if (!request.raw.complete) socket.destroy();
    });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('now', now ?? (() => new Date()));
  app.decorate('storage', await createStorage(config));
  app.decorate('mailer', mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  // Before every other preValidation hook (the idempotency claim, the routes' own).
  await app.register(inputGuardPlugin);
  // The embedded default serves plain http on a LAN: asking browsers to upgrade to https, or to
  // remember https only (HSTS), would make that server unreachable. Only an https PUBLIC_URL may.
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const staticDir = config.staticDir && existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : undefined;
  // A signed-in page's document preloads its screen's files (issue 32, item 3).
  const documentFor = staticDir ? preloadingDocuments(staticDir) : null;
  const leanFiles = staticDir ? leanStaticPaths(staticDir) : new Set<string>();
  await app.register(helmet, {
    // Applied by the hook below, to every answer but the built app's static files.
    global: false,
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (Chakra UI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The app's single sign-on reads the real provider's discovery and token endpoints (issue 18).
        connectSrc: config.amei.mode === 'external' ? ["'self'", new URL(config.amei.issuer).origin] : ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The document and the API keep every security header; a static file (script, style, icon,
  // manifest) gets only the two that concern a file a page loads: nosniff and the resource policy
  // (server/lib/static-assets.ts). Decided from the path before anything is read.
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && leanFiles.has(requestPath(request.url))) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      return;
    }
    reply.helmet();
  });

  // Before the routes: it documents each route as it is declared.
  await app.register(openapiPlugin);

  await app.register(tenantPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds });
  // Before the idempotency plugin: an outbox write claims its key only once it has its turn.
  await app.register(writeGatePlugin, { limits: config.writeGate });
  // After auth: a key is scoped to the user who sent it.
  await app.register(idempotencyPlugin);
  // Before the routes: it hooks the ones that set config.rateLimit as they are declared.
  await app.register(rateLimitPlugin);

  // São Paulo's single sign-on: the embedded provider (unless AMEI_* name the real one) and the
  // verifier of its ID tokens, which reads the embedded key locally or the real provider's JWKS.
  const providerKeys = config.amei.mode === 'embedded' ? await loadProviderKeys(config.dataDir) : undefined;
  if (config.amei.mode === 'embedded') {
    await app.register(embeddedIdentityProvider, {
      prefix: '/idp',
      amei: config.amei,
      keys: providerKeys!,
      demoPassword: config.demoPassword,
      trustProxy: config.trustProxy.length > 0,
    });
  }
  const verifyAmeiToken = createAmeiVerifier(config.amei, providerKeys);

  await app.register(
    async (api) => {
      // Before the routes: it adds its onSend hook to each route registered after it in this scope.
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(ameiRoutes, { verify: verifyAmeiToken });
      await api.register(municipalityRoutes);
      await api.register(dashboardRoutes);
      await api.register(memberRoutes);
      await api.register(userRoutes);
      await api.register(userGroupRoutes);
      await api.register(settingsRoutes);
      await api.register(projectRoutes);
      await api.register(axisRoutes);
      await api.register(solutionRoutes);
      await api.register(municipalitySolutionRoutes);
      await api.register(questionRoutes);
      await api.register(registerRoutesPlugin);
      await api.register(spreadsheetRoutes);
      await api.register(uploadRoutes);
      await api.register(syncRoutes);
      await api.register(adminReportRoutes);
      await api.register(meetingRoutes);
      await api.register(fieldReportRoutes);
      await api.register(paymentRoutes);
      await api.register(proposalRoutes);
      await api.register(referenceTermRoutes);
      await api.register(municipalitySummaryRoutes);
      await api.register(territorialAgentRoutes);
      await api.register(sala5w2hRoutes);
      await api.register(salaCostRoutes);
      await api.register(salaTimeRoutes);
      await api.register(followupRoutes);
      await api.register(diagnosticRoutes);
      await api.register(evidenceRoutes);
      await api.register(salaRoutes);
      await api.register(mysteryShopperRoutes);
      await api.register(territoriesRoutes);
      await api.register(reportCatalogueRoutes);
    },
    { prefix: '/api' },
  );

  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // The build writes .br and .gz beside each text file (vite.config.ts precompress): sent as the
      // browser accepts, with no compression work per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else is revalidated so updates reach users.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Recurso não encontrado.' });
    }
    // Client-side routes of the single-page app all answer with its shell.
    if (staticDir && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      const document = documentFor?.(request.url, request.headers['accept-encoding']);
      if (!document) return reply.sendFile('index.html');
      if (document.encoding) reply.header('content-encoding', document.encoding);
      return reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(document.body);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Página não encontrada. Rode "npm run build" para gerar o aplicativo.');
  });

  return app;
}
