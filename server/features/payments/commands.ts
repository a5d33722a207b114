import { createHash, randomBytes } from 'node:crypto';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { canManage } from '../../../src/domain/permissions.ts';
import {
  hoursOf,
  parsePeriod,
  PAYMENT_MESSAGES,
  paymentProcessProblem,
  periodText,
  signatureLinkExpired,
  type PaymentAnalysis,
  type PaymentDetail,
  type PaymentInput,
  type PaymentRow,
  type PaymentUpdate,
} from '../../../src/domain/payments.ts';
import { deleteAttachments, listAttachments, PAYMENT_ATTACHMENTS } from '../../lib/attachments.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound, uniqueAs409 } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { attachUploads } from '../uploads/claims.ts';
import * as repo from './repository.ts';

/**
 * Payment processes' rules (spec §5, §6). Who may do what, decided here because it depends on the
 * process's owner (the declaration's vocabulary names no owner):
 * - the office (administrators and holders of menuProcessosPagamento) sees every process of the
 *   tenant, analyses, sends to the SGF and asks for the signature;
 * - a consultant sees, opens, edits and deletes only their own; a process of someone else answers
 *   404, like a missing one, so ids cannot be probed;
 * - an approved process is final: no edit, no delete.
 */
export type Actor = { tenantId: string; ctx: PermissionContext; storage: Storage };

export const isOffice = (ctx: PermissionContext) => canManage(ctx, 'menuProcessosPagamento');

/** The process when the caller may see it; 404 otherwise. */
export async function visible(db: Conn, actor: Pick<Actor, 'tenantId' | 'ctx'>, id: number): Promise<PaymentRow> {
  const row = await repo.findPayment(db, actor.tenantId, id);
  if (!row || (!isOffice(actor.ctx) && row.usuarioId !== actor.ctx.usuario.usuarioId)) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  return row;
}

/** A report row as answered: without the São Paulo day the server compares periods on. */
const withoutDay = <T extends { dia: string }>({ dia: _dia, ...rest }: T) => rest;

export async function present(db: Conn, actor: Pick<Actor, 'tenantId' | 'ctx'>, id: number): Promise<PaymentDetail> {
  const row = await visible(db, actor, id);
  const [relatorios, administrativos, arquivos] = await Promise.all([
    repo.billedReports(db, actor.tenantId, id),
    repo.billedAdminReports(db, actor.tenantId, id),
    listAttachments(db, actor.tenantId, PAYMENT_ATTACHMENTS, id),
  ]);
  return {
    ...row,
    relatorios: relatorios.map(withoutDay),
    relatoriosAdministrativos: administrativos.map(withoutDay),
    arquivos: arquivos.map((f) => ({ arquivoId: f.arquivoId, nome: f.nome, tamanho: f.tamanho })),
  };
}

/** The lists and the number: a consultant asks only about themselves; the office about anyone. */
export function assertAboutSelfOrOffice(ctx: PermissionContext, usuarioId: number) {
  if (usuarioId !== ctx.usuario.usuarioId && !isOffice(ctx)) throw forbidden();
}

/** The user's contract of this tenant; someone else's or a missing one is 404. */
export async function contractOf(db: Conn, tenantId: string, usuarioId: number, contratoId: number) {
  const contract = await repo.findContract(db, tenantId, contratoId);
  if (!contract || contract.usuarioId !== usuarioId) throw notFound(PAYMENT_MESSAGES.contratoNaoEncontrado);
  return contract;
}

export async function numberOf(db: Conn, tenantId: string, usuarioId: number, contratoId: number) {
  await contractOf(db, tenantId, usuarioId, contratoId);
  const info = await repo.numberInfo(db, tenantId, usuarioId, contratoId);
  return { quantidadeAtual: info.quantidadeAtual, ultimoPeriodo: info.ultimo ? periodText(info.ultimo) : null };
}

/** The field reports the user may still bill under the contract (its whole term). */
export async function billableReports(db: Conn, tenantId: string, usuarioId: number, contratoId: number) {
  const contract = await contractOf(db, tenantId, usuarioId, contratoId);
  return (await repo.billableReports(db, tenantId, usuarioId, { inicio: contract.inicio, fim: contract.fim })).map(withoutDay);
}

/** The administrative reports the user may still bill under the contract (its whole term). */
export async function billableAdminReports(db: Conn, tenantId: string, usuarioId: number, contratoId: number) {
  const contract = await contractOf(db, tenantId, usuarioId, contratoId);
  return (await repo.billableAdminReports(db, tenantId, usuarioId, { inicio: contract.inicio, fim: contract.fim })).map(withoutDay);
}

/**
 * The checks of spec §5 in their order, then what only the server knows: every chosen report is
 * billable by this user in this period. Answers the values to store.
 */
async function checked(tx: Tx, actor: Actor, input: PaymentInput, except?: number) {
  const usuarioId = actor.ctx.usuario.usuarioId;
  const contract = await contractOf(tx, actor.tenantId, usuarioId, input.contratoId);
  const last = await repo.numberInfo(tx, actor.tenantId, usuarioId, input.contratoId, except);
  const problem = paymentProcessProblem(input, {
    contrato: { inicio: contract.inicio, fim: contract.fim },
    ultimoPeriodoFim: last.ultimo?.fim ?? null,
  });
  if (problem) throw badRequest(problem.message);
  const periodo = parsePeriod(input.periodoRealizacao)!;
  const relatorios = [...new Set(input.relatorios)];
  const administrativos = [...new Set(input.relatoriosAdministrativos)];
  const reports = new Map((await repo.billableReports(tx, actor.tenantId, usuarioId, periodo, except)).map((r) => [r.relatorioId, r]));
  const admins = new Map(
    (await repo.billableAdminReports(tx, actor.tenantId, usuarioId, periodo, except)).map((r) => [r.relatorioAdministrativoId, r]),
  );
  if (relatorios.some((id) => !reports.has(id)) || administrativos.some((id) => !admins.has(id)))
    throw badRequest(PAYMENT_MESSAGES.relatorioIndisponivel);
  const horas = hoursOf(
    relatorios.map((id) => reports.get(id)!),
    administrativos.map((id) => admins.get(id)!),
  );
  return {
    values: {
      usuarioId,
      contratoId: input.contratoId,
      numero: input.numero,
      codigoContratacao: input.codigoContratacao,
      periodo,
      horas,
      total: input.total!,
    },
    relatorios,
    administrativos,
  };
}

/** Two processes racing for one report: the unique index decides, the loser gets 409. */
const billOnce = (write: () => Promise<void>) => uniqueAs409(write, () => PAYMENT_MESSAGES.relatorioEmOutroProcesso);

const attach = (tx: Tx, actor: Actor, id: number, uploadIds: string[] | undefined) =>
  attachUploads(
    tx,
    actor.storage,
    { tenantId: actor.tenantId, usuarioId: actor.ctx.usuario.usuarioId, uploadIds },
    PAYMENT_ATTACHMENTS,
    id,
  );

export async function create(tx: Tx, actor: Actor, input: PaymentInput): Promise<PaymentDetail> {
  const { values, relatorios, administrativos } = await checked(tx, actor, input);
  const id = await repo.insertPayment(tx, actor.tenantId, values);
  await billOnce(() => repo.setBilled(tx, actor.tenantId, id, relatorios, administrativos));
  await attach(tx, actor, id, input.arquivosUploadIds);
  return present(tx, actor, id);
}

/** The owner edits a process not yet approved; the edit goes back to analysis. `removed` collects the bytes to delete after commit. */
export async function update(tx: Tx, actor: Actor, input: PaymentUpdate & PaymentInput, removed: string[]): Promise<PaymentDetail> {
  const id = input.processoPagamentoId;
  const current = await ownOpen(tx, actor, id);
  if (current.usuarioId !== actor.ctx.usuario.usuarioId) throw forbidden();
  const { values, relatorios, administrativos } = await checked(tx, actor, input, id);
  await repo.updatePayment(tx, actor.tenantId, id, values);
  await billOnce(() => repo.setBilled(tx, actor.tenantId, id, relatorios, administrativos));
  removed.push(...(await deleteAttachments(tx, actor.tenantId, PAYMENT_ATTACHMENTS, id, input.arquivosRemovidos ?? [])));
  await attach(tx, actor, id, input.arquivosUploadIds);
  return present(tx, actor, id);
}

/** A visible process that is not approved yet (locked for the change). */
async function ownOpen(tx: Tx, actor: Actor, id: number) {
  const row = await visible(tx, actor, id);
  const locked = await repo.lockPayment(tx, actor.tenantId, id);
  if (!locked) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  if (locked.status === 'aprovado') throw conflict(PAYMENT_MESSAGES.jaAprovado);
  return row;
}

/** The owner, or the office, deletes a process not approved yet; its reports may be billed again. */
export async function remove(tx: Tx, actor: Actor, id: number, removed: string[]) {
  await ownOpen(tx, actor, id);
  removed.push(...(await deleteAttachments(tx, actor.tenantId, PAYMENT_ATTACHMENTS, id, 'all')));
  await repo.deletePayment(tx, actor.tenantId, id);
}

/** The office approves, or rejects with a reason. A process sent to the SGF is decided for good. */
export async function analyse(tx: Tx, actor: Actor, body: PaymentAnalysis): Promise<PaymentDetail> {
  const id = body.processoPagamentoId;
  await visible(tx, actor, id);
  const locked = await repo.lockPayment(tx, actor.tenantId, id);
  if (!locked) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  if (locked.enviadoSgfEm) throw conflict(PAYMENT_MESSAGES.jaEnviado);
  const motivo = body.motivoRejeicao?.trim() ?? '';
  if (!body.aprovado && !motivo) throw badRequest(PAYMENT_MESSAGES.motivoObrigatorio);
  await repo.setStatus(tx, actor.tenantId, id, {
    status: body.aprovado ? 'aprovado' : 'rejeitado',
    motivoRejeicao: body.aprovado ? null : motivo,
    analisadoPorId: actor.ctx.usuario.usuarioId,
    analisadoEm: new Date(),
  });
  return present(tx, actor, id);
}

/**
 * Marks an approved process as sent to the SGF, once (the row is locked, so two clicks send one
 * mail). The caller mails after the commit.
 */
export async function markSentToSgf(tx: Tx, actor: Actor, id: number): Promise<PaymentDetail> {
  await visible(tx, actor, id);
  const locked = await repo.lockPayment(tx, actor.tenantId, id);
  if (!locked) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  if (locked.status !== 'aprovado') throw conflict(PAYMENT_MESSAGES.naoAprovado);
  if (locked.enviadoSgfEm) throw conflict(PAYMENT_MESSAGES.jaEnviado);
  await repo.setStatus(tx, actor.tenantId, id, { enviadoSgfEm: new Date() });
  return present(tx, actor, id);
}

const hashOf = (codigo: string) => createHash('sha256').update(codigo).digest('hex');

/**
 * Asks the consultant to sign: a new random code, of which only the hash is kept; the link mailed
 * carries the code. Asking again replaces the code (the old link stops working).
 */
export async function askSignature(tx: Tx, actor: Actor, id: number): Promise<{ detail: PaymentDetail; codigo: string }> {
  await visible(tx, actor, id);
  const locked = await repo.lockPayment(tx, actor.tenantId, id);
  if (!locked) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  if (locked.assinadoEm) throw conflict(PAYMENT_MESSAGES.jaAssinado);
  const codigo = randomBytes(24).toString('base64url');
  await repo.setStatus(tx, actor.tenantId, id, { assinaturaSolicitadaEm: new Date(), assinaturaCodigoHash: hashOf(codigo) });
  return { detail: await present(tx, actor, id), codigo };
}

/**
 * The process's consultant signs with the mailed code, once. Checked on the locked row in this
 * order, so each refusal says what happened: someone else's process (404 for a consultant, 403 for
 * the office, which may see it), already signed (409), a code not the latest one asked (400), a
 * link older than SIGNATURE_LINK_DAYS (400).
 */
export async function sign(tx: Tx, actor: Actor, body: { processoPagamentoId: number; codigo: string }): Promise<PaymentDetail> {
  const id = body.processoPagamentoId;
  const row = await visible(tx, actor, id);
  if (row.usuarioId !== actor.ctx.usuario.usuarioId) throw forbidden(PAYMENT_MESSAGES.assinaturaDeOutro);
  const locked = await repo.lockPayment(tx, actor.tenantId, id);
  if (!locked) throw notFound(PAYMENT_MESSAGES.naoEncontrado);
  if (locked.assinadoEm) throw conflict(PAYMENT_MESSAGES.jaAssinado);
  if (!locked.assinaturaCodigoHash || locked.assinaturaCodigoHash !== hashOf(body.codigo))
    throw badRequest(PAYMENT_MESSAGES.assinaturaInvalida);
  if (!locked.assinaturaSolicitadaEm || signatureLinkExpired(locked.assinaturaSolicitadaEm, new Date()))
    throw badRequest(PAYMENT_MESSAGES.assinaturaExpirada);
  if (!(await repo.markSigned(tx, actor.tenantId, id, locked.assinaturaCodigoHash))) throw conflict(PAYMENT_MESSAGES.jaAssinado);
  return present(tx, actor, id);
}
