import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access.ts';
import { route } from '../../lib/endpoint.ts';
import { getConfig, updateConfig } from './settings-repository.ts';

/**
 * The tenant's global flags (spec §7 api/configuracao), declared in src/contract/access.ts: every
 * signed-in user reads them (the client decides what to show with them); the change is one upsert.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, access.settings, async ({ tenantId }) => getConfig(app.db, tenantId));

  route(app, access.updateSettings, async ({ tenantId, body }) => updateConfig(app.db, tenantId, body));
};
