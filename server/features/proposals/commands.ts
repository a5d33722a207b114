import type { PermissionContext } from '../../../src/domain/permissions.ts';
import {
  canAnalyseStatus,
  canDeleteStatus,
  canEditProposal,
  canSendProposal,
  maxProposalAxes,
  PROPOSAL_MESSAGES,
  proposalProblems,
  type ProposalAnalysis,
  type ProposalCombos,
  type ProposalDetail,
  type ProposalValues,
} from '../../../src/domain/proposals.ts';
import { deleteAttachments, listAttachments, PROPOSAL_ATTACHMENTS } from '../../lib/attachments.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { attachUploads } from '../uploads/claims.ts';
import * as repo from './repository.ts';

/**
 * Proposals' writes (spec §5, §6 and the lifecycle of src/domain/proposals.ts). Access (the
 * municipality, the Proposta tab, podeAnalisarProposta, podeExcluirProposta) is decided by the
 * declarations before a handler runs; what depends on the stored proposal (its status) and on the
 * municipality's state (the MA axes cap) is decided here, in the transaction, on the locked row.
 */
export type Actor = { tenantId: string; ctx: PermissionContext; storage: Storage };

export async function present(db: Conn, tenantId: string, propostaId: number): Promise<ProposalDetail> {
  const row = await repo.findProposal(db, tenantId, propostaId);
  if (!row) throw notFound(PROPOSAL_MESSAGES.naoEncontrada);
  // One after another: inside a command `db` is the transaction's single connection.
  const place = await repo.municipalityOf(db, tenantId, row.municipioId);
  const parts = await repo.partsOf(db, tenantId, propostaId);
  const arquivos = await listAttachments(db, tenantId, PROPOSAL_ATTACHMENTS, propostaId);
  const observacoes = await repo.observacoesOf(db, tenantId, propostaId);
  return {
    ...row,
    municipioNome: place?.nome ?? '',
    uf: place?.uf ?? '',
    observacoes: observacoes ?? '',
    ...parts,
    arquivos: arquivos.map((f) => ({ arquivoId: f.arquivoId, nome: f.nome, tamanho: f.tamanho })),
  };
}

export async function combos(db: Conn, actor: Pick<Actor, 'tenantId' | 'ctx'>, municipioId: number): Promise<ProposalCombos> {
  const place = await repo.municipalityOf(db, actor.tenantId, municipioId);
  if (!place) throw notFound('Município não encontrado.');
  const solucoes = await repo.projectSolutions(db, actor.tenantId, place.projetoId);
  const eixos = await repo.axesFor(db, actor.tenantId, place.projetoId);
  return { solucoes, eixos, maxEixos: maxProposalAxes(place.uf, actor.ctx) };
}

/**
 * The rules of spec §5 and the money invariants, in integer cents, then what only the database
 * knows: every solution is of the municipality's project, every axis one it may name. 400 with the
 * first problem's message.
 */
async function checked(tx: Tx, actor: Actor, municipioId: number, input: ProposalValues) {
  const place = await repo.municipalityOf(tx, actor.tenantId, municipioId);
  if (!place) throw notFound('Município não encontrado.');
  const [problem] = proposalProblems(input, maxProposalAxes(place.uf, actor.ctx));
  if (problem) throw badRequest(problem.message);
  const known = await repo.countKnown(tx, actor.tenantId, place.projetoId, input.solucaoIds, input.eixoIds);
  if (known.solutions !== input.solucaoIds.length) throw badRequest(PROPOSAL_MESSAGES.solucaoInvalida);
  if (known.axes !== input.eixoIds.length) throw badRequest(PROPOSAL_MESSAGES.eixoInvalido);
  return {
    titulo: input.titulo,
    valorTotal: input.valorTotal,
    investimentoMunicipio: input.investimentoMunicipio,
    contrapartidaSebrae: input.contrapartidaSebrae,
    premium: input.premium,
    observacoes: input.observacoes,
  };
}

const attach = (tx: Tx, actor: Actor, propostaId: number, uploadIds: string[] | undefined) =>
  attachUploads(
    tx,
    actor.storage,
    { tenantId: actor.tenantId, usuarioId: actor.ctx.usuario.usuarioId, uploadIds },
    PROPOSAL_ATTACHMENTS,
    propostaId,
  );

export async function create(tx: Tx, actor: Actor, input: ProposalValues): Promise<ProposalDetail> {
  const values = await checked(tx, actor, input.municipioId, input);
  const id = await repo.insertProposal(tx, actor.tenantId, input.municipioId, actor.ctx.usuario.usuarioId, values);
  await repo.replaceParts(tx, actor.tenantId, id, input);
  await attach(tx, actor, id, input.arquivosUploadIds);
  await repo.addHistory(tx, actor.tenantId, id, actor.ctx.usuario.usuarioId, 'criada');
  return present(tx, actor.tenantId, id);
}

/** The locked proposal's status; 404 when it went away meanwhile. */
async function locked(tx: Tx, tenantId: string, propostaId: number) {
  const row = await repo.lockProposal(tx, tenantId, propostaId);
  if (!row) throw notFound(PROPOSAL_MESSAGES.naoEncontrada);
  return row.status;
}

/**
 * Edits a draft or a rejected proposal (a rejected one goes back to draft, its reason kept in the
 * history). The municipality is the stored one: a body naming another is not a move.
 */
export async function update(
  tx: Tx,
  actor: Actor,
  input: ProposalValues & { propostaId: number; arquivosRemovidos: number[] },
  municipioId: number,
  removed: string[],
): Promise<ProposalDetail> {
  const id = input.propostaId;
  if (!canEditProposal(await locked(tx, actor.tenantId, id))) throw conflict(PROPOSAL_MESSAGES.naoEditavel);
  const values = await checked(tx, actor, municipioId, input);
  await repo.updateProposal(tx, actor.tenantId, id, values);
  await repo.replaceParts(tx, actor.tenantId, id, input);
  removed.push(...(await deleteAttachments(tx, actor.tenantId, PROPOSAL_ATTACHMENTS, id, input.arquivosRemovidos)));
  await attach(tx, actor, id, input.arquivosUploadIds);
  await repo.addHistory(tx, actor.tenantId, id, actor.ctx.usuario.usuarioId, 'alterada');
  return present(tx, actor.tenantId, id);
}

export async function send(tx: Tx, actor: Actor, id: number): Promise<ProposalDetail> {
  if (!canSendProposal(await locked(tx, actor.tenantId, id))) throw conflict(PROPOSAL_MESSAGES.naoEnviavel);
  await repo.setStatus(tx, actor.tenantId, id, 'enviada', null);
  await repo.addHistory(tx, actor.tenantId, id, actor.ctx.usuario.usuarioId, 'enviada');
  return present(tx, actor.tenantId, id);
}

/** Approves, or rejects with a reason, a sent proposal (the flag was checked by the declaration). */
export async function analyse(tx: Tx, actor: Actor, body: ProposalAnalysis): Promise<ProposalDetail> {
  const id = body.propostaId;
  const motivo = body.motivo?.trim() ?? '';
  if (!body.aprovada && !motivo) throw badRequest(PROPOSAL_MESSAGES.motivoObrigatorio);
  if (!canAnalyseStatus(await locked(tx, actor.tenantId, id))) throw conflict(PROPOSAL_MESSAGES.naoAnalisavel);
  await repo.setStatus(tx, actor.tenantId, id, body.aprovada ? 'aprovada' : 'rejeitada', body.aprovada ? null : motivo);
  await repo.addHistory(
    tx,
    actor.tenantId,
    id,
    actor.ctx.usuario.usuarioId,
    body.aprovada ? 'aprovada' : 'rejeitada',
    body.aprovada ? null : motivo,
  );
  return present(tx, actor.tenantId, id);
}

/** Deletes a proposal that is not approved, with its annexes (bytes removed after the commit). */
export async function remove(tx: Tx, actor: Actor, id: number, removed: string[]) {
  if (!canDeleteStatus(await locked(tx, actor.tenantId, id))) throw conflict(PROPOSAL_MESSAGES.naoExcluivel);
  removed.push(...(await deleteAttachments(tx, actor.tenantId, PROPOSAL_ATTACHMENTS, id, 'all')));
  await repo.deleteProposal(tx, actor.tenantId, id);
}
