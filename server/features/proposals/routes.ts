import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proposals } from '../../../src/contract/proposals.ts';
import { contentDisposition, sendAttachment, withFileRemoval } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest } from '../../lib/errors.ts';
import { acceptUploadForms } from '../uploads/claims.ts';
import { registerProposalRecords } from './access.ts';
import * as commands from './commands.ts';
import { proposalPdf } from './pdf.ts';
import * as repo from './repository.ts';

/** The multipart form (fields as JSON in `dados`, annexes as `arquivos`) as the JSON body the declaration validates. */
function formToBody(fields: Record<string, string>, uploadIds: string[]): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(fields.dados ?? '');
  } catch {
    throw badRequest('O campo dados do formulário é inválido.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O campo dados do formulário é inválido.');
  return { ...body, arquivosUploadIds: uploadIds };
}

/**
 * Proposals (spec §7 api/municipio-proposta), declared in src/contract/proposals.ts: access there,
 * the lifecycle and the money invariants in commands.ts (and src/domain/proposals.ts).
 */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  registerProposalRecords();
  await acceptUploadForms(app, [
    { endpoint: proposals.create, finalidade: 'anexo', toBody: formToBody },
    { endpoint: proposals.update, finalidade: 'anexo', toBody: formToBody },
  ]);
  const actor = (request: FastifyRequest): commands.Actor => ({ tenantId: request.tenant.id, ctx: request.session, storage });

  route(app, proposals.byMunicipality, async ({ tenantId, params }) => repo.listByMunicipality(db, tenantId, params.id));
  route(app, proposals.combos, async ({ request, params }) => commands.combos(db, actor(request), params.id));
  route(app, proposals.get, async ({ tenantId, params }) => commands.present(db, tenantId, params.id));

  route(app, proposals.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actor(request), body))),
  );
  route(app, proposals.update, async ({ request, body, record }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.update(tx, actor(request), body, record.municipioId, removed)),
  );
  route(app, proposals.send, async ({ request, params }) => withCommand(request, (tx) => commands.send(tx, actor(request), params.id)));
  route(app, proposals.analyse, async ({ request, body }) => withCommand(request, (tx) => commands.analyse(tx, actor(request), body)));
  route(app, proposals.remove, async ({ request, reply, params }) => {
    await withFileRemoval(request, storage, (tx, removed) => commands.remove(tx, actor(request), params.id, removed));
    return reply.status(204).send(null);
  });

  route(app, proposals.downloadPdf, async ({ reply, tenantId, params }) => {
    const detail = await commands.present(db, tenantId, params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`Proposta ${detail.titulo}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(await proposalPdf(detail, new Date()));
  });
  route(app, proposals.downloadAttachment, async ({ reply, record }) => sendAttachment(reply, storage, record));
};
