import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Zip, ZipPassThrough } from 'fflate';
import { evidence } from '../../../src/contract/evidence.ts';
import { EVIDENCE_MESSAGES, EVIDENCE_TABS, evidenceTabOf } from '../../../src/domain/evidence.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { canRevertAnalysis, canSeePointsAndMedals, visibleAxisIds } from '../../../src/domain/permissions.ts';
import type { Session } from '../../../src/domain/session.ts';
import { SNIFFED_MIME } from '../../../src/domain/uploads.ts';
import { contentDisposition, removeStoredFiles } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertCleanText } from '../../lib/clean-text.ts';
import { discardUnclaimed, readUploadForm, uploadFormDeps } from '../uploads/claims.ts';
import { mayRead, registerEvidenceRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** The client says which variant it runs in this header; 'sala' can only add the seal room's limits, never lift them. */
const VARIANT_HEADER = 'variante';

/** Ids, booleans and text of a form as the JSON body would carry them; field names in PascalCase (the spec's form) become camelCase. */
function formValue(name: string, value: string): unknown {
  const v = value.trim();
  if (/Id$/.test(name)) return /^\d+$/.test(v) ? Number(v) : v === '' ? undefined : v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (name === 'justificativa') return v === '' ? null : value;
  return value;
}

function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Sends a stored evidence file: its content type by content, its name (RFC 5987 for accents), never sniffed by the browser. */
function sendEvidence(reply: FastifyReply, storage: { readStream: (key: string) => NodeJS.ReadableStream }, f: repo.StoredEvidence) {
  return reply
    .header('content-type', SNIFFED_MIME[f.tipo])
    .header('content-length', String(f.tamanho))
    .header('content-disposition', contentDisposition(f.nomeArquivo))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(storage.readStream(f.storageKey));
}

function viewOf(ctx: Session, municipality: MunicipalityDetail): repo.EvidenceView {
  return {
    axes: visibleAxisIds(ctx, municipality.municipioId),
    showPoints: canSeePointsAndMedals(ctx, municipality.vigente),
    mime: commands.mime,
  };
}

function isSala(request: FastifyRequest, municipality: MunicipalityDetail): boolean {
  const raw = request.headers[VARIANT_HEADER];
  const variant = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return municipality.tipo === 'sala' || variant === 'sala';
}

/**
 * Evidence (spec §7 "Questions" and "Evidence"), declared in src/contract/evidence.ts with its
 * access (the municipality, its Evidência tab, a question or file through the municipality and axis
 * it belongs to); the writes are commands (commands.ts) run by withCommand. Rules:
 * src/domain/evidence.ts. Every state change locks the question row.
 */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  registerEvidenceRecords();

  await app.register(multipart);
  const formUploads = new WeakMap<FastifyRequest, string[]>();

  // The two routes that also take the spec's multipart form: read here (the route's access has
  // already refused a user without the flags, before a single byte is stored) into the JSON body.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    const declared = request.routeOptions.config?.endpoint;
    if (declared === evidence.save) {
      const created: string[] = [];
      formUploads.set(request, created);
      try {
        const { fields, uploadIds } = await readUploadForm(request, { ...uploadFormDeps(app, request, created), finalidade: 'evidencia' });
        const body: Record<string, unknown> = { uploadIds };
        for (const [name, value] of Object.entries(fields)) body[camel(name)] = formValue(camel(name), value);
        request.body = body;
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      return;
    }
    if (declared === evidence.evaluate) {
      const body: Record<string, unknown> = {};
      try {
        for await (const part of request.parts({ limits: { files: 0, fields: 20, fieldSize: 16 * 1024 } })) {
          assertCleanText(part.fieldname, 'body');
          if (part.type === 'file') throw badRequest('Este formulário não recebe arquivos.');
          const value = String(part.value ?? '');
          assertCleanText(value, part.fieldname);
          body[camel(part.fieldname)] = formValue(camel(part.fieldname), value);
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { syscall?: unknown }).syscall) throw error;
        throw badRequest('Formulário inválido.');
      }
      request.body = body;
      return;
    }
    throw badRequest('Tipo de conteúdo não suportado.');
  });
  app.addHook('onResponse', async (request) => {
    const created = formUploads.get(request);
    if (created) await discardUnclaimed(db, storage, request.tenant.id, created);
  });

  const actor = (request: FastifyRequest, municipality: MunicipalityDetail): commands.Actor => ({
    tenantId: request.tenant.id,
    ctx: request.session,
    now: app.now(),
    view: viewOf(request.session, municipality),
  });

  // ------------------------------------------------------------------ tabs and reads

  for (const tab of EVIDENCE_TABS) {
    // The tab's visualizar flag is declared with it (the respondida tab has none).
    route(app, evidence.tabs[tab], async ({ tenantId, session, municipality }) =>
      repo.listTabQuestions(db, tenantId, municipality.municipioId, tab, viewOf(session, municipality)),
    );
  }

  route(app, evidence.question, async ({ tenantId, session, municipality, record: q }) => {
    if (!mayRead(session, evidenceTabOf(q))) throw forbidden();
    return commands.presentOne(db, tenantId, q.perguntaMunicipioId, viewOf(session, municipality));
  });

  route(app, evidence.history, async ({ tenantId, session, record: q }) => {
    if (!mayRead(session, evidenceTabOf(q))) throw forbidden();
    return repo.listHistory(db, tenantId, q.perguntaMunicipioId);
  });

  route(app, evidence.file, async ({ record: file }) => repo.presentFile(file, commands.mime));
  route(app, evidence.download, async ({ reply, record: file }) => sendEvidence(reply, storage, file));
  route(app, evidence.downloadByPost, async ({ reply, record: file }) => sendEvidence(reply, storage, file));

  route(app, evidence.publicDownload, async ({ request, reply, params }) => {
    // Only the shape a token can have reaches the database; anything else is as unknown as a wrong token.
    const file = /^[A-Za-z0-9_-]{43}$/.test(params.token) ? await repo.findFileByToken(db, request.tenant.id, params.token) : null;
    if (!file) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
    return sendEvidence(reply, storage, file);
  });

  route(app, evidence.rejectedBundle, async ({ reply, tenantId, session, municipality }) => {
    if (!mayRead(session, 'rejeitada')) throw forbidden();
    const files = await repo.listRejectedFiles(db, tenantId, municipality.municipioId, visibleAxisIds(session, municipality.municipioId));
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) out.destroy(error);
      else {
        out.write(chunk);
        if (final) out.end();
      }
    });
    // Stored (not deflated): PDFs and spreadsheets are compressed already. Streamed file by file, never held whole.
    void (async () => {
      for (const f of files) {
        const entry = new ZipPassThrough(`pergunta-${f.numero}/${f.perguntaEvidenciaId}-${f.nomeArquivo}`);
        zip.add(entry);
        for await (const chunk of storage.readStream(f.storageKey)) entry.push(chunk as Uint8Array);
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    const name = `evidencias-rejeitadas-${municipality.municipioId}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(out);
  });

  // ------------------------------------------------------------------ writes (commands.ts)

  route(app, evidence.save, async ({ request, body, municipality }) =>
    withCommand(request, (tx) =>
      commands.save(tx, actor(request, municipality), {
        perguntaMunicipioId: body.perguntaMunicipioId,
        uploadIds: body.uploadIds,
        dadosComplementares: body.dadosComplementares ?? false,
        isSala: isSala(request, municipality),
        storage,
      }),
    ),
  );

  route(app, evidence.updateQuestion, async ({ request, body, municipality }) => {
    const removed: string[] = [];
    const answer = await withCommand(request, (tx) => commands.updateQuestion(tx, actor(request, municipality), body, removed));
    await removeStoredFiles(storage, removed);
    return answer;
  });

  route(app, evidence.attendants, async ({ request, params, body, municipality }) =>
    withCommand(request, (tx) => commands.updateAttendants(tx, actor(request, municipality), params.id, body)),
  );

  route(app, evidence.evaluate, async ({ request, body, municipality, record: file }) => {
    if (file.perguntaMunicipioId !== body.perguntaMunicipioId) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
    return withCommand(request, (tx) => commands.evaluate(tx, actor(request, municipality), file, body));
  });

  route(app, evidence.finalize, async ({ request, body, municipality }) =>
    withCommand(request, (tx) => commands.finalize(tx, actor(request, municipality), body)),
  );

  route(app, evidence.revert, async ({ request, session, params, municipality }) => {
    if (!canRevertAnalysis(session.usuario)) throw forbidden();
    return withCommand(request, (tx) => commands.revert(tx, actor(request, municipality), params.id));
  });

  for (const ep of [evidence.deleteFile, evidence.deleteFileAlias]) {
    route(app, ep, async ({ request, municipality, record: file }) => {
      const removed: string[] = [];
      const answer = await withCommand(request, (tx) =>
        commands.deleteFile(tx, actor(request, municipality), { file, isSala: isSala(request, municipality) }, removed),
      );
      await removeStoredFiles(storage, removed);
      return answer;
    });
  }
};
