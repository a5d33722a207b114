import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Zip, ZipPassThrough } from 'fflate';
import { z } from 'zod';
import { addBusinessDays } from '../../../src/domain/business-days.ts';
import {
  canAnalyse,
  canApprove,
  canDeleteEvidence,
  canReject,
  canSendInTab,
  canViewEvidenceTab,
  checkAttendants,
  checkEvaluation,
  checkEvidenceFiles,
  checkFinalize,
  checkResend,
  complementFileName,
  EVIDENCE_MESSAGES,
  EVIDENCE_TABS,
  evaluateEvidenceSchema,
  evidenceFileSchema,
  evidenceHistoryItemSchema,
  evidenceQuestionListSchema,
  evidenceQuestionSchema,
  saveEvidenceResponseSchema,
  evidenceTabOf,
  finalizeAnalysisSchema,
  MAX_REJECTIONS,
  QUESTION_ATTENDANTS,
  RESEND_BUSINESS_DAYS,
  saveEvidenceJsonSchema,
  TAB_PATH_SEGMENT,
  updateAttendantsSchema,
  updateQuestionSchema,
  type EvidenceQuestion,
  type EvidenceTab,
} from '../../../src/domain/evidence.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { canRevertAnalysis, canSeeAxis, canSeePointsAndMedals, visibleAxisIds } from '../../../src/domain/permissions.ts';
import { SNIFFED_MIME, UPLOAD_PURPOSES } from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { openMunicipality as openCityMunicipality } from '../../lib/access.ts';
import { contentDisposition, removeStoredFiles } from '../../lib/attachments.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { errorResponses, fileResponse, idParams, recordErrors, storedFileResponse } from '../../lib/route-schemas.ts';
import { commitIdempotentAnswer } from '../../lib/idempotency.ts';
import { assertCleanText } from '../../plugins/input-guard.ts';
import type { JsonSchema } from '../../plugins/openapi.ts';
import { claimUploads, readUploadForm } from '../uploads/claims.ts';
import * as repo from './repository.ts';

const tags = ['evidencia'];
const readErrors = errorResponses(400, 401, 403, 404);
const mime = (t: keyof typeof SNIFFED_MIME) => SNIFFED_MIME[t];
const SAVE_PATH = '/api/pergunta/perguntamunicipio/salvarevidencias';
const EVALUATE_PATH = '/api/pergunta/perguntaevidencia';
/** The client says which variant it runs in this header; 'sala' can only add the seal room's limits, never lift them. */
const VARIANT_HEADER = 'variante';
const deletedSchema = evidenceQuestionSchema;
const tokenParams = z.object({ token: z.string().max(200) });

/** The spec's forms as the OpenAPI document shows them (documentation only). */
const saveForm: JsonSchema = {
  type: 'object',
  properties: {
    perguntaMunicipioId: { type: 'string' },
    dadosComplementares: { type: 'string', description: '"true" para a declaração da pergunta 3 (renomeada DADOS_COMPLE_…)' },
    arquivos: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'PDF ou Excel, um por parte "arquivos" (até 25 MB no total)',
    },
  },
  required: ['perguntaMunicipioId'],
};
const evaluateForm: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['PerguntaEvidenciaId', 'PerguntaMunicipioId', 'Aprovada', 'Rejeitada', 'NomeArquivo', 'UsuarioId', 'Justificativa'].map((name) => [
      name,
      { type: 'string' },
    ]),
  ),
  required: ['PerguntaEvidenciaId', 'PerguntaMunicipioId', 'Aprovada', 'Rejeitada'],
};

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
function sendEvidence(
  reply: FastifyReply,
  app: { storage: { readStream: (key: string) => NodeJS.ReadableStream } },
  f: repo.StoredEvidence,
) {
  return reply
    .header('content-type', SNIFFED_MIME[f.tipo])
    .header('content-length', String(f.tamanho))
    .header('content-disposition', contentDisposition(f.nomeArquivo))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(app.storage.readStream(f.storageKey));
}

/** Keeps only what the refusal of an AppError says; anything else goes up unchanged. */
function as404(message: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(message);
    throw error;
  };
}

/**
 * Evidence (spec §7 "Questions" and "Evidence"): the four tabs of a municipality's answered
 * questions, uploads (multipart or concluded resumable uploads), sending for analysis, evaluation,
 * finalization with the two-business-day resend deadline, revert, discard, deletion, history,
 * downloads (authenticated, public by unguessable token, and the zip of rejected files). Rules:
 * src/domain/evidence.ts. Access: the municipality (404 when not seen or of another tenant), its
 * Evidência tab (403), the axes the user sees (a question of another axis is not found), the tab's
 * visualizar/enviar/analisar flags (403). Every state change locks the question row.
 */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  await app.register(multipart);
  const formUploads = new WeakMap<FastifyRequest, string[]>();

  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    if (route === `POST ${SAVE_PATH}`) {
      // Refused before a single byte is stored.
      const ctx = request.session;
      if (!EVIDENCE_TABS.some((tab) => canSendInTab(ctx, tab))) throw forbidden();
      const created: string[] = [];
      formUploads.set(request, created);
      try {
        const { fields, uploadIds } = await readUploadForm(request, {
          db,
          storage,
          instanceId: app.config.instanceId,
          tenantId: request.tenant.id,
          usuarioId: ctx.usuario.usuarioId,
          created,
          finalidade: 'evidencia',
        });
        const body: Record<string, unknown> = { uploadIds };
        for (const [name, value] of Object.entries(fields)) body[camel(name)] = formValue(camel(name), value);
        request.body = body;
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      return;
    }
    if (route === `PUT ${EVALUATE_PATH}`) {
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
    if (created) await repo.discardUnclaimed(db, storage, request.tenant.id, created);
  });

  /** The municipality with its Evidência tab: 404 when not seen (or of another tenant), 403 without the tab. */
  async function openMunicipality(request: FastifyRequest, municipioId: number): Promise<MunicipalityDetail> {
    return openCityMunicipality(db, request.session, request.tenant.id, municipioId, 'evidencia');
  }

  function viewOf(request: FastifyRequest, municipality: MunicipalityDetail): repo.EvidenceView {
    const ctx = request.session;
    return {
      axes: visibleAxisIds(ctx, municipality.municipioId),
      showPoints: canSeePointsAndMedals(ctx, municipality.vigente),
      mime,
    };
  }

  function isSala(request: FastifyRequest, municipality: MunicipalityDetail): boolean {
    const raw = request.headers[VARIANT_HEADER];
    const variant = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
    return municipality.tipo === 'sala' || variant === 'sala';
  }

  /** May the user read this question (and its files) in the tab it is in? */
  function mayRead(request: FastifyRequest, tab: EvidenceTab): boolean {
    return canViewEvidenceTab(request.session, tab) || canAnalyse(request.session, tab);
  }

  /** A question the user may open: 404 when missing, of a municipality or an axis they do not see. */
  async function requireQuestion(request: FastifyRequest, perguntaMunicipioId: number) {
    const q = await repo.findQuestion(db, request.tenant.id, perguntaMunicipioId);
    if (!q) throw notFound(EVIDENCE_MESSAGES.notFound);
    const municipality = await openMunicipality(request, q.municipioId).catch(as404(EVIDENCE_MESSAGES.notFound));
    if (!canSeeAxis(request.session, q.eixoId, q.municipioId)) throw notFound(EVIDENCE_MESSAGES.notFound);
    return { q, municipality, view: viewOf(request, municipality) };
  }

  async function requireFile(request: FastifyRequest, perguntaEvidenciaId: number) {
    const file = await repo.findFile(db, request.tenant.id, perguntaEvidenciaId);
    if (!file) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
    const found = await requireQuestion(request, file.perguntaMunicipioId).catch(as404(EVIDENCE_MESSAGES.evidenceNotFound));
    if (!mayRead(request, evidenceTabOf(found.q))) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
    return { ...found, file };
  }

  async function presentOne(conn: Db | repo.Tx, tenantId: string, perguntaMunicipioId: number, view: repo.EvidenceView) {
    const q = await repo.findQuestion(conn, tenantId, perguntaMunicipioId);
    if (!q) throw notFound(EVIDENCE_MESSAGES.notFound);
    const [answer] = await repo.present(conn, tenantId, [q], view);
    return answer!;
  }

  /** Runs `change` on the locked question; a question gone since it was opened is a 404. */
  async function withLockedQuestion<T>(
    tenantId: string,
    perguntaMunicipioId: number,
    change: (tx: repo.Tx, q: repo.QuestionRow) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const q = await repo.lockQuestion(tx, tenantId, perguntaMunicipioId);
      if (!q) throw notFound(EVIDENCE_MESSAGES.notFound);
      return change(tx, q);
    });
  }

  /** The question's file counters, from its files. */
  async function recount(tx: repo.Tx, tenantId: string, perguntaMunicipioId: number) {
    const files = await repo.listFiles(tx, tenantId, [perguntaMunicipioId]);
    const complements = files.filter((f) => f.dadosComplementares).length;
    await repo.updateQuestion(tx, tenantId, perguntaMunicipioId, {
      temArquivo: files.length > 0,
      quantidadeArquivo: files.length - complements,
      quantidadeArquivoDadosComplementares: complements,
    });
    return files;
  }

  const requireAnsweredYes = (q: repo.QuestionRow) => {
    if (q.resposta !== true || !q.exigeEvidencia) throw badRequest(EVIDENCE_MESSAGES.notAnsweredYes);
  };

  const refuse = (check: { ok: true } | { ok: false; message: string }) => {
    if (!check.ok) throw badRequest(check.message);
  };

  // ------------------------------------------------------------------ tabs

  for (const tab of EVIDENCE_TABS) {
    app.get(
      `/pergunta/perguntamunicipio/get-perguntas-municipios-${TAB_PATH_SEGMENT[tab]}/:id`,
      {
        schema: {
          tags,
          summary: `Perguntas do município (id do município) respondidas Sim que exigem evidência, na aba ${tab}, com arquivos e faixas`,
          params: idParams,
          response: { 200: evidenceQuestionListSchema, ...readErrors },
        },
      },
      async (request) => {
        const municipality = await openMunicipality(request, request.params.id);
        if (!canViewEvidenceTab(request.session, tab)) throw forbidden();
        return repo.listTabQuestions(db, request.tenant.id, municipality.municipioId, tab, viewOf(request, municipality));
      },
    );
  }

  app.get(
    '/pergunta/perguntamunicipio/get-pergunta/:id',
    {
      schema: {
        tags,
        summary: 'Uma pergunta do município (perguntaMunicipioId) com os seus arquivos de evidência e faixas',
        params: idParams,
        response: { 200: evidenceQuestionSchema, ...readErrors },
      },
    },
    async (request) => {
      const { q, view } = await requireQuestion(request, request.params.id);
      if (!mayRead(request, evidenceTabOf(q))) throw forbidden();
      return presentOne(db, request.tenant.id, q.perguntaMunicipioId, view);
    },
  );

  // ------------------------------------------------------------------ uploads

  app.post(
    '/pergunta/perguntamunicipio/salvarevidencias',
    {
      config: { openapi: { bodies: { 'multipart/form-data': saveForm } } },
      schema: {
        tags,
        summary:
          'Anexar evidências (PDF ou Excel, até 25 MB no total): multipart/form-data com partes arquivos e perguntaMunicipioId, ou JSON com uploadIds de envios concluídos (finalidade evidencia). Reenviável com Idempotency-Key',
        body: saveEvidenceJsonSchema,
        response: { 200: saveEvidenceResponseSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { perguntaMunicipioId, uploadIds, dadosComplementares = false } = request.body;
      const { municipality, view } = await requireQuestion(request, perguntaMunicipioId);
      const now = app.now();
      return withLockedQuestion(tenantId, perguntaMunicipioId, async (tx, q) => {
        requireAnsweredYes(q);
        const tab = evidenceTabOf(q);
        if (!canSendInTab(ctx, tab)) throw forbidden();
        refuse(checkResend(q, now));
        const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
        if (dadosComplementares) {
          if (q.perguntaId !== QUESTION_ATTENDANTS) throw badRequest('Somente a pergunta 3 recebe dados complementares.');
          if (uploadIds.length > 1) throw badRequest(EVIDENCE_MESSAGES.onlyOneFile);
          if (files.some((f) => f.dadosComplementares && !f.enviada)) throw conflict(EVIDENCE_MESSAGES.complementExists);
        }
        const claimed = await claimUploads(tx, storage, { tenantId, usuarioId: ctx.usuario.usuarioId, uploadIds, finalidade: 'evidencia' });
        // Files that still count against the question's limit: a rejected file of a finalized analysis is being replaced.
        const existing = files.filter((f) => !f.dadosComplementares && !(f.rejeitada && f.enviada)).length;
        refuse(
          checkEvidenceFiles(
            q,
            dadosComplementares ? 0 : existing,
            claimed.map((f) => ({ size: f.tamanho })),
            {
              ctx,
              isSala: isSala(request, municipality),
              now,
            },
          ),
        );
        const named = claimed.map((f) => ({ ...f, nome: dadosComplementares ? complementFileName(f.nome) : f.nome }));
        const stored = await repo.insertFiles(tx, tenantId, q, named, { usuarioId: ctx.usuario.usuarioId, dadosComplementares });
        await recount(tx, tenantId, q.perguntaMunicipioId);
        await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, { salvo: true });
        const added = new Set(claimed.map((c) => c.arquivoId));
        await repo.addHistory(
          tx,
          tenantId,
          stored
            .filter((f) => added.has(f.arquivoId))
            .map((f) => ({
              perguntaMunicipioId: q.perguntaMunicipioId,
              perguntaEvidenciaId: f.perguntaEvidenciaId,
              nomeArquivo: f.nomeArquivo,
              acao: 'carregada' as const,
              evidenciadoPorId: ctx.usuario.usuarioId,
              em: now,
            })),
        );
        const answer = {
          ...(await presentOne(tx, tenantId, q.perguntaMunicipioId, view)),
          arquivosRecebidos: claimed.map(({ arquivoId, uploadId, nome, tamanho, sha256 }) => ({
            arquivoId,
            uploadId,
            nome,
            tamanho,
            sha256,
          })),
        };
        // The answer commits with the files: a retry after a crash replays it, never claims again.
        await commitIdempotentAnswer(tx, request, () => ({
          statusCode: 200,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify(z.encode(saveEvidenceResponseSchema, answer)),
        }));
        return answer;
      });
    },
  );

  // ------------------------------------------------------------------ send, discard, save text

  app.put(
    '/pergunta/perguntamunicipio',
    {
      schema: {
        tags,
        summary:
          'Enviar para análise (acao enviar; pergunta 3 com atendentes e carga horária), descartar (volta a não respondida: apaga os arquivos, o município perde os pontos) ou salvar o texto da evidência',
        body: updateQuestionSchema,
        response: { 200: evidenceQuestionSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const body = request.body;
      const { view } = await requireQuestion(request, body.perguntaMunicipioId);
      const now = app.now();
      const removed: string[] = [];
      const answer = await withLockedQuestion(tenantId, body.perguntaMunicipioId, async (tx, q) => {
        requireAnsweredYes(q);
        const tab = evidenceTabOf(q);
        // Already under analysis: nothing to send or save, whoever asks.
        if (tab === 'evidenciada' && body.acao !== 'descartar') throw conflict(EVIDENCE_MESSAGES.cannotChange);
        if (!canSendInTab(ctx, tab)) throw forbidden();
        const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
        if (body.acao === 'enviar') {
          refuse(checkResend(q, now));
          const fresh = files.filter((f) => !f.enviada);
          const evidence = fresh.filter((f) => !f.dadosComplementares);
          if (q.perguntaId === QUESTION_ATTENDANTS) {
            const atualizacaoAtendentes = body.atualizacaoAtendentes ?? q.atualizacaoAtendentes;
            const valorInformado = body.valorInformado ?? q.valorInformado;
            refuse(
              checkAttendants({
                valorInformado,
                atualizacaoAtendentes,
                atendentesCadastrados: q.atendentesCadastrados,
                hasDeclaration: files.some((f) => f.dadosComplementares),
                evidenceCount: evidence.length,
              }),
            );
            await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
              atualizacaoAtendentes,
              valorInformado: valorInformado === null ? null : String(valorInformado),
            });
          } else if (evidence.length === 0) {
            throw badRequest(EVIDENCE_MESSAGES.noFiles);
          }
          // Spec §4: sending sets evidenciada true and rejeitada false; the deadline is over.
          await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
            evidenciada: true,
            rejeitada: false,
            aprovada: false,
            prazoReenvio: null,
            salvo: true,
          });
          await repo.addHistory(tx, tenantId, [
            { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'enviada', evidenciadoPorId: ctx.usuario.usuarioId, em: now },
          ]);
        } else if (body.acao === 'descartar') {
          if (tab === 'respondida') throw badRequest('Somente perguntas evidenciadas, aprovadas ou rejeitadas podem ser descartadas.');
          removed.push(...(await repo.deleteFiles(tx, tenantId, q.perguntaMunicipioId, 'all')));
          await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
            resposta: null,
            salvo: false,
            evidenciada: false,
            rejeitada: false,
            aprovada: false,
            temArquivo: false,
            quantidadeArquivo: 0,
            quantidadeArquivoDadosComplementares: 0,
            perguntaFaixaRespostaId: null,
            prazoReenvio: null,
          });
          await repo.addHistory(tx, tenantId, [
            { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'descartada', avaliadoPorId: ctx.usuario.usuarioId, em: now },
          ]);
        } else {
          const text = body.evidencia?.trim() ? body.evidencia : null;
          if (text !== null) assertCleanText(text, 'evidencia');
          await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, { evidencia: text, salvo: true });
        }
        // A discarded question is no longer answered Sim: it is still answered here, as it now stands.
        return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
      });
      await removeStoredFiles(storage, removed);
      return answer;
    },
  );

  app.put(
    '/pergunta/perguntamunicipio/atualizar-pergunta-municipio-evidencia/:id',
    {
      schema: {
        tags,
        summary: 'Dados da pergunta 3 (perguntaMunicipioId): quantidade atual de atendentes e carga horária mínima por atendente',
        params: idParams,
        body: updateAttendantsSchema,
        response: { 200: evidenceQuestionSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { view } = await requireQuestion(request, request.params.id);
      return withLockedQuestion(tenantId, request.params.id, async (tx, q) => {
        if (q.perguntaId !== QUESTION_ATTENDANTS) throw badRequest('Somente a pergunta 3 recebe dados de atendentes.');
        requireAnsweredYes(q);
        const tab = evidenceTabOf(q);
        if (!canSendInTab(ctx, tab)) throw forbidden();
        if (tab === 'evidenciada') throw conflict(EVIDENCE_MESSAGES.cannotChange);
        await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
          atualizacaoAtendentes: request.body.atualizacaoAtendentes,
          valorInformado: String(request.body.valorInformado),
        });
        return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
      });
    },
  );

  // ------------------------------------------------------------------ analysis

  app.put(
    '/pergunta/perguntaevidencia',
    {
      config: { openapi: { bodies: { 'multipart/form-data': evaluateForm } } },
      schema: {
        tags,
        summary:
          'Avaliar um arquivo (Aprovar, Rejeitar com justificativa) ou atualizar a justificativa; JSON ou multipart/form-data (campo Justificativa). Permitido até a finalização',
        body: evaluateEvidenceSchema,
        response: { 200: evidenceFileSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const body = request.body;
      const { file } = await requireFile(request, body.perguntaEvidenciaId);
      if (file.perguntaMunicipioId !== body.perguntaMunicipioId) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
      const now = app.now();
      return withLockedQuestion(tenantId, file.perguntaMunicipioId, async (tx, q) => {
        const tab = evidenceTabOf(q);
        if (tab === 'respondida') throw badRequest(EVIDENCE_MESSAGES.notUnderAnalysis);
        if (!canAnalyse(ctx, tab)) throw forbidden();
        const current = await repo.findFile(tx, tenantId, file.perguntaEvidenciaId);
        if (!current) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
        if (current.enviada) throw conflict(EVIDENCE_MESSAGES.alreadySent);
        if (body.aprovada && body.rejeitada) throw badRequest('Escolha aprovar ou rejeitar a evidência.');
        refuse(checkEvaluation(body, current));
        if (body.aprovada && !current.aprovada && !canApprove(tab, current))
          throw badRequest('Esta evidência não pode ser aprovada nesta aba.');
        if (body.rejeitada && !current.rejeitada && !canReject(tab, current))
          throw badRequest('Esta evidência não pode ser rejeitada nesta aba.');
        const justificativa = body.justificativa?.trim() ? body.justificativa.trim() : null;
        if (justificativa) assertCleanText(justificativa, 'justificativa');
        await repo.updateFile(tx, tenantId, current.perguntaEvidenciaId, {
          aprovada: body.aprovada,
          rejeitada: body.rejeitada,
          justificativa: body.justificativa === undefined ? current.justificativa : justificativa,
        });
        if (body.aprovada !== current.aprovada || body.rejeitada !== current.rejeitada) {
          await repo.addHistory(tx, tenantId, [
            {
              perguntaMunicipioId: q.perguntaMunicipioId,
              perguntaEvidenciaId: current.perguntaEvidenciaId,
              nomeArquivo: current.nomeArquivo,
              acao: body.rejeitada ? 'rejeitada' : 'aprovada',
              analisada: body.aprovada || body.rejeitada,
              aprovada: body.aprovada,
              rejeitada: body.rejeitada,
              justificativa,
              avaliadoPorId: ctx.usuario.usuarioId,
              evidenciadoPorId: current.usuarioId,
              em: now,
            },
          ]);
        }
        const updated = await repo.findFile(tx, tenantId, current.perguntaEvidenciaId);
        return repo.presentFile(updated!, mime);
      });
    },
  );

  app.put(
    '/pergunta/perguntaevidencia/finalizar-evidencia',
    {
      schema: {
        tags,
        summary:
          'Finalizar a análise com a decisão de cada arquivo: aprovada quando todos aprovados; senão rejeitada, com prazo de reenvio de dois dias úteis (America/Sao_Paulo). Finalizar de novo: 409',
        body: finalizeAnalysisSchema,
        response: { 200: evidenceQuestionSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const body = request.body;
      const { view } = await requireQuestion(request, body.perguntaMunicipioId);
      const now = app.now();
      return withLockedQuestion(tenantId, body.perguntaMunicipioId, async (tx, q) => {
        const tab = evidenceTabOf(q);
        if (tab === 'aprovada' || tab === 'rejeitada') throw conflict(EVIDENCE_MESSAGES.alreadyFinalized);
        if (tab === 'respondida') throw badRequest(EVIDENCE_MESSAGES.notUnderAnalysis);
        if (!canAnalyse(ctx, tab)) throw forbidden();
        const files = await repo.listFiles(tx, tenantId, [q.perguntaMunicipioId]);
        const pending = new Map(files.filter((f) => !f.enviada).map((f) => [f.perguntaEvidenciaId, f]));
        const decided = new Map(body.evidencias.map((d) => [d.perguntaEvidenciaId, d]));
        if (body.evidencias.some((d) => !pending.has(d.perguntaEvidenciaId))) throw badRequest(EVIDENCE_MESSAGES.evidenceNotFound);
        if (decided.size !== pending.size) throw badRequest(EVIDENCE_MESSAGES.undecided);
        const ranges = (await repo.listRanges(tx, tenantId, [q.perguntaId])).get(q.perguntaId) ?? [];
        refuse(checkFinalize({ faixas: ranges }, [...decided.values()], body.perguntaFaixaRespostaId));
        if (body.perguntaFaixaRespostaId !== null && !ranges.some((r) => r.perguntaFaixaRespostaId === body.perguntaFaixaRespostaId)) {
          throw badRequest('Faixa inválida para esta pergunta.');
        }
        const rejected = [...decided.values()].some((d) => d.rejeitada);
        const prazoReenvio = rejected ? addBusinessDays(now, RESEND_BUSINESS_DAYS) : null;
        for (const d of decided.values()) {
          await repo.updateFile(tx, tenantId, d.perguntaEvidenciaId, {
            aprovada: d.aprovada,
            rejeitada: d.rejeitada,
            justificativa: d.justificativa?.trim() ? d.justificativa.trim() : null,
            enviada: true,
            prazoReenvio: d.rejeitada ? prazoReenvio : null,
          });
        }
        await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
          aprovada: !rejected,
          rejeitada: rejected,
          qtdRejeicao: rejected ? Math.min(q.qtdRejeicao + 1, MAX_REJECTIONS + 10) : q.qtdRejeicao,
          prazoReenvio,
          perguntaFaixaRespostaId: body.perguntaFaixaRespostaId,
        });
        await repo.addHistory(tx, tenantId, [
          ...[...decided.values()].map((d) => ({
            perguntaMunicipioId: q.perguntaMunicipioId,
            perguntaEvidenciaId: d.perguntaEvidenciaId,
            nomeArquivo: pending.get(d.perguntaEvidenciaId)!.nomeArquivo,
            acao: (d.rejeitada ? 'rejeitada' : 'aprovada') as 'rejeitada' | 'aprovada',
            analisada: true,
            aprovada: d.aprovada,
            rejeitada: d.rejeitada,
            justificativa: d.justificativa?.trim() || null,
            avaliadoPorId: ctx.usuario.usuarioId,
            evidenciadoPorId: pending.get(d.perguntaEvidenciaId)!.usuarioId,
            em: now,
          })),
          {
            perguntaMunicipioId: q.perguntaMunicipioId,
            acao: 'finalizada',
            analisada: true,
            aprovada: !rejected,
            rejeitada: rejected,
            avaliadoPorId: ctx.usuario.usuarioId,
            em: now,
          },
        ]);
        return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
      });
    },
  );

  app.put(
    '/pergunta/perguntamunicipio/reverter-analise/:id',
    {
      schema: {
        tags,
        summary:
          'Reverter a análise finalizada (perguntaMunicipioId; administrador do sistema ou Operacoes): volta para evidenciada, encerra o prazo de reenvio',
        params: idParams,
        response: { 200: evidenceQuestionSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { view } = await requireQuestion(request, request.params.id);
      if (!canRevertAnalysis(ctx.usuario)) throw forbidden();
      const now = app.now();
      return withLockedQuestion(tenantId, request.params.id, async (tx, q) => {
        const tab = evidenceTabOf(q);
        if (tab !== 'aprovada' && tab !== 'rejeitada') throw conflict(EVIDENCE_MESSAGES.notFinalized);
        await repo.updateFilesOf(tx, tenantId, q.perguntaMunicipioId, { enviada: false, prazoReenvio: null });
        await repo.updateQuestion(tx, tenantId, q.perguntaMunicipioId, {
          evidenciada: true,
          aprovada: false,
          rejeitada: false,
          prazoReenvio: null,
          qtdRejeicao: tab === 'rejeitada' ? Math.max(0, q.qtdRejeicao - 1) : q.qtdRejeicao,
        });
        await repo.addHistory(tx, tenantId, [
          { perguntaMunicipioId: q.perguntaMunicipioId, acao: 'revertida', avaliadoPorId: ctx.usuario.usuarioId, em: now },
        ]);
        return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
      });
    },
  );

  // ------------------------------------------------------------------ delete

  async function deleteEvidence(request: FastifyRequest, perguntaEvidenciaId: number): Promise<EvidenceQuestion> {
    const ctx = request.session;
    const tenantId = request.tenant.id;
    const { file, municipality, view } = await requireFile(request, perguntaEvidenciaId);
    const now = app.now();
    const removed: string[] = [];
    const answer = await withLockedQuestion(tenantId, file.perguntaMunicipioId, async (tx, q) => {
      const current = await repo.findFile(tx, tenantId, perguntaEvidenciaId);
      if (!current) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
      if (!canDeleteEvidence(ctx, evidenceTabOf(q), current, isSala(request, municipality)))
        throw forbidden(EVIDENCE_MESSAGES.cannotDelete);
      removed.push(...(await repo.deleteFiles(tx, tenantId, q.perguntaMunicipioId, [perguntaEvidenciaId])));
      await recount(tx, tenantId, q.perguntaMunicipioId);
      await repo.addHistory(tx, tenantId, [
        {
          perguntaMunicipioId: q.perguntaMunicipioId,
          nomeArquivo: current.nomeArquivo,
          perguntaEvidenciaId,
          acao: 'excluida',
          evidenciadoPorId: ctx.usuario.usuarioId,
          em: now,
        },
      ]);
      return presentOne(tx, tenantId, q.perguntaMunicipioId, view);
    });
    await removeStoredFiles(storage, removed);
    return answer;
  }

  app.delete(
    '/pergunta/perguntaevidencia/excluir-evidencia/:id',
    {
      schema: {
        tags,
        summary:
          'Excluir um arquivo ainda não avaliado (fora da aba evidenciada; na Sala só dos pilares visualizaEixosIds). Responde a pergunta sem ele',
        params: idParams,
        response: { 200: deletedSchema, ...recordErrors },
      },
    },
    async (request) => deleteEvidence(request, request.params.id),
  );

  app.delete(
    '/pergunta/perguntaevidencia/:id',
    {
      schema: {
        tags,
        summary: 'Excluir um arquivo (como excluir-evidencia)',
        params: idParams,
        response: { 200: deletedSchema, ...recordErrors },
      },
    },
    async (request) => deleteEvidence(request, request.params.id),
  );

  // ------------------------------------------------------------------ reads and downloads

  app.get(
    '/pergunta/perguntaevidencia/historico/:id',
    {
      schema: {
        tags,
        summary: 'Histórico de evidências da pergunta (perguntaMunicipioId), do mais recente ao mais antigo',
        params: idParams,
        response: { 200: z.array(evidenceHistoryItemSchema), ...readErrors },
      },
    },
    async (request) => {
      const { q } = await requireQuestion(request, request.params.id);
      if (!mayRead(request, evidenceTabOf(q))) throw forbidden();
      return repo.listHistory(db, request.tenant.id, q.perguntaMunicipioId);
    },
  );

  const evidenceFileResponse = storedFileResponse(UPLOAD_PURPOSES.evidencia.types);
  const download = {
    config: { idempotency: false },
    schema: {
      tags,
      params: idParams,
      response: { 200: evidenceFileResponse, ...readErrors },
    },
  };

  app.get(
    '/pergunta/perguntaevidencia/:id',
    { ...download, schema: { ...download.schema, summary: 'Baixar um arquivo de evidência' } },
    async (request, reply) => {
      const { file } = await requireFile(request, request.params.id);
      return sendEvidence(reply, app, file);
    },
  );

  app.post(
    '/arquivo/evidencia/download/:id',
    {
      ...download,
      schema: {
        ...download.schema,
        summary: 'Baixar um arquivo de evidência (os mesmos bytes de GET api/pergunta/perguntaevidencia/{id})',
      },
    },
    async (request, reply) => {
      const { file } = await requireFile(request, request.params.id);
      return sendEvidence(reply, app, file);
    },
  );

  app.get(
    '/relatorio/get-evidencia/:id',
    {
      schema: {
        tags,
        summary: 'Dados de um arquivo de evidência (perguntaEvidenciaId)',
        params: idParams,
        response: { 200: evidenceFileSchema, ...readErrors },
      },
    },
    async (request) => repo.presentFile((await requireFile(request, request.params.id)).file, mime),
  );

  app.get(
    '/publico/evidencia/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Download público de uma evidência pelo seu identificador aleatório (256 bits; o link de um arquivo rejeitado, dos selos). Sem login',
        params: tokenParams,
        response: { 200: evidenceFileResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const token = request.params.token;
      // Only the shape a token can have reaches the database; anything else is as unknown as a wrong token.
      const file = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findFileByToken(db, request.tenant.id, token) : null;
      if (!file) throw notFound(EVIDENCE_MESSAGES.evidenceNotFound);
      return sendEvidence(reply, app, file);
    },
  );

  app.get(
    '/relatorio/download-evidencias-rejeitadas/:id',
    {
      config: { idempotency: false },
      schema: {
        tags,
        summary: 'Arquivo zip com as evidências rejeitadas do município (id do município) nos eixos que o usuário vê',
        params: idParams,
        response: { 200: fileResponse('Arquivo zip', 'application/zip'), ...readErrors },
      },
    },
    async (request, reply) => {
      const municipality = await openMunicipality(request, request.params.id);
      if (!mayRead(request, 'rejeitada')) throw forbidden();
      const files = await repo.listRejectedFiles(
        db,
        request.tenant.id,
        municipality.municipioId,
        visibleAxisIds(request.session, municipality.municipioId),
      );
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
    },
  );
};
