import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payments } from '../../../src/contract/payments.ts';
import { PAYMENT_MESSAGES } from '../../../src/domain/payments.ts';
import { SNIFFED_MIME } from '../../../src/domain/uploads.ts';
import { contentDisposition, withFileRemoval } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { publicBase } from '../../lib/public-url.ts';
import { acceptUploadForms } from '../uploads/claims.ts';
import * as commands from './commands.ts';
import { sgfMail, signatureMail } from './mail.ts';
import { serviceReportPdf } from './pdf.ts';
import * as repo from './repository.ts';

/** Form fields that are JSON lists, and the body field each becomes (spec §7's multipart form). */
const LIST_FIELDS: Record<string, string> = {
  relatoriosString: 'relatorios',
  relatoriosAdministrativosString: 'relatoriosAdministrativos',
  arquivosRemovidos: 'arquivosRemovidos',
};
const NUMBER_FIELDS = ['contratoId', 'horas', 'total', 'processoPagamentoId'];

/** The spec's multipart form as the JSON body the declaration validates: one schema, one handler for both. */
function formToBody(fields: Record<string, string>, uploadIds: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const value = raw.trim();
    if (name in LIST_FIELDS) {
      try {
        body[LIST_FIELDS[name]!] = value === '' ? [] : JSON.parse(value);
      } catch {
        throw badRequest(`O campo ${name} do formulário é inválido.`);
      }
    } else if (NUMBER_FIELDS.includes(name)) {
      body[name] = value === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value;
    } else body[name] = raw;
  }
  body.arquivosUploadIds = uploadIds;
  return body;
}

/**
 * Payment processes (spec §7 api/relatorio/relatorioGestaoPagamento), declared in
 * src/contract/payments.ts. Who may do what depends on the process's owner: commands.ts. The
 * downloads are the service-provision report (a PDF made here) and the process's files (one file
 * as it is, several as a zip).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  // The create and edit forms; their files become the caller's uploads, claimed by the process.
  await acceptUploadForms(app, [
    { endpoint: payments.create, finalidade: 'anexo', toBody: formToBody },
    { endpoint: payments.update, finalidade: 'anexo', toBody: formToBody },
  ]);

  const actor = (request: FastifyRequest): commands.Actor => ({ tenantId: request.tenant.id, ctx: request.session, storage });

  // ------------------------------------------------------------------ lists

  route(app, payments.list, async ({ session, tenantId }) =>
    repo.listPayments(db, tenantId, commands.isOffice(session) ? {} : { usuarioId: session.usuario.usuarioId }),
  );

  route(app, payments.byUser, async ({ session, tenantId, body }) => {
    commands.assertAboutSelfOrOffice(session, body.usuarioId);
    return repo.listPayments(db, tenantId, { usuarioId: body.usuarioId });
  });

  route(app, payments.search, async ({ session, tenantId, body }) =>
    repo.listPayments(db, tenantId, { filter: body, ...(commands.isOffice(session) ? {} : { usuarioId: session.usuario.usuarioId }) }),
  );

  route(app, payments.get, async ({ request, params }) => commands.present(db, actor(request), params.id));

  route(app, payments.number, async ({ session, tenantId, params }) => {
    commands.assertAboutSelfOrOffice(session, params.usuarioId);
    return commands.numberOf(db, tenantId, params.usuarioId, params.contratoId);
  });

  route(app, payments.billableReports, async ({ session, tenantId, params }) => {
    commands.assertAboutSelfOrOffice(session, params.usuarioId);
    return commands.billableReports(db, tenantId, params.usuarioId, params.contratoId);
  });

  route(app, payments.billableAdminReports, async ({ session, tenantId, params }) => {
    commands.assertAboutSelfOrOffice(session, params.usuarioId);
    return commands.billableAdminReports(db, tenantId, params.usuarioId, params.contratoId);
  });

  // ------------------------------------------------------------------ writes (commands.ts)

  route(app, payments.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actor(request), body))),
  );

  route(app, payments.update, async ({ request, body }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.update(tx, actor(request), body, removed)),
  );

  route(app, payments.remove, async ({ request, reply, params }) => {
    await withFileRemoval(request, storage, (tx, removed) => commands.remove(tx, actor(request), params.id, removed));
    return reply.status(204).send(null);
  });

  route(app, payments.analyse, async ({ request, body }) => withCommand(request, (tx) => commands.analyse(tx, actor(request), body)));

  // Recorded first, mailed after the commit: a failing mail server answers 500 with the process
  // marked, which the log shows; sending twice to the finance system would be worse than once late.
  route(app, payments.sendToSgf, async ({ request, params }) => {
    const detail = await withCommand(request, (tx) => commands.markSentToSgf(tx, actor(request), params.id));
    const link = `${publicBase(request, app.config.publicUrl)}/gestao-pagamento?processo=${detail.processoPagamentoId}`;
    await app.mailer.send({ to: app.config.sgfEmail, ...sgfMail(detail, link) });
    return detail;
  });

  route(app, payments.askSignature, async ({ request, tenantId, body }) => {
    const { detail, codigo } = await withCommand(request, (tx) => commands.askSignature(tx, actor(request), body.processoPagamentoId));
    const email = await repo.emailOf(db, tenantId, detail.usuarioId);
    const link = `${publicBase(request, app.config.publicUrl)}/gestao-pagamento/usuario/${detail.usuarioId}?assinar=${detail.processoPagamentoId}&codigo=${codigo}`;
    if (email) await app.mailer.send({ to: email, ...signatureMail(detail, link) });
    return detail;
  });

  route(app, payments.sign, async ({ request, body }) => withCommand(request, (tx) => commands.sign(tx, actor(request), body)));

  // ------------------------------------------------------------------ documents

  route(app, payments.downloadServiceReport, async ({ request, reply, params }) => {
    const detail = await commands.present(db, actor(request), params.id);
    const pdf = await serviceReportPdf(detail, new Date());
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`Relatório de prestação de serviço ${detail.numero}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  const sendFiles = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const row = await commands.visible(db, actor(request), id);
    const files = await repo.storedFiles(db, request.tenant.id, id);
    if (files.length === 0) throw notFound(PAYMENT_MESSAGES.semArquivos);
    if (files.length === 1) {
      const [file] = files;
      return reply
        .header('content-type', SNIFFED_MIME[file!.tipo])
        .header('content-length', String(file!.tamanho))
        .header('content-disposition', contentDisposition(file!.nome))
        .header('cache-control', 'private, no-store')
        .send(storage.readStream(file!.storageKey));
    }
    // jszip (and its pako and stream polyfills) loads on the first multi-file download, not at server start (issue 32, item 9).
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    const used = new Set<string>();
    for (const file of files) {
      // Two files of one name would overwrite each other in the zip: the later gets its id.
      const name = used.has(file.nome) ? `${file.arquivoId}-${file.nome}` : file.nome;
      used.add(name);
      zip.file(name, storage.readStream(file.storageKey) as unknown as NodeJS.ReadableStream, { binary: true });
    }
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(`Processo de pagamento ${row.numero}.zip`))
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  route(app, payments.downloadFiles, async ({ request, reply, params }) => sendFiles(request, reply, params.id));
  route(app, payments.downloadAttachments, async ({ request, reply, params }) => sendFiles(request, reply, params.id));
};
