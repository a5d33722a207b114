import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  answerProblem,
  canEvaluate,
  canSeeEvaluation,
  MYSTERY_SHOPPER_MESSAGES as M,
  score,
  sealOf,
  SHOPPER_SEALS,
  unanswered,
  type RoundDetail,
  type roundInputSchema,
  type roundUpdateSchema,
  type ShopperInfo,
  type ShopperSeal,
} from '../../../src/domain/mystery-shopper.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { deleteAttachments, listAttachments, MYSTERY_SHOPPER_ATTACHMENTS } from '../../lib/attachments.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { attachUploads } from '../uploads/claims.ts';
import * as repo from './repository.ts';

/**
 * The rounds' writes. Access (the municipality's Cliente Oculto tab with its seal rule,
 * naoVerClienteOculto, the administrators) is decided by the declarations before a handler runs;
 * what depends on the stored round (open or finalized) is decided here, on the locked row.
 */
export type Actor = { tenantId: string; usuarioId: number; storage: Storage };

/** 32 random bytes: the certificate's public id cannot be guessed from another one or from the round's id. */
const newToken = () => randomBytes(32).toString('base64url');

export async function present(db: Conn, tenantId: string, rodadaId: number): Promise<RoundDetail> {
  const round = await repo.findRound(db, tenantId, rodadaId);
  if (!round) throw notFound(M.rodadaNaoEncontrada);
  const arquivos = await listAttachments(db, tenantId, MYSTERY_SHOPPER_ATTACHMENTS, rodadaId);
  return {
    ...repo.rowOf(round),
    observacoes: round.observacoes,
    respostas: round.respostas,
    arquivos,
    tokenSelo: round.finalizada ? round.tokenSelo : null,
  };
}

const isShopperSeal = (selo: string | null): selo is ShopperSeal => SHOPPER_SEALS.includes(selo as ShopperSeal);

/** The result: the latest finalized round's seal (or, with no round yet, the seal the municipality holds) and the history. */
export async function info(db: Conn, ctx: PermissionContext, tenantId: string, place: MunicipalityDetail): Promise<ShopperInfo> {
  const done = await repo.listFinalized(db, tenantId, place.municipioId);
  const latest = done[0];
  const selo = latest ? latest.selo : isShopperSeal(place.selo) ? place.selo : null;
  return {
    municipioId: place.municipioId,
    selo,
    tokenSelo: latest?.tokenSelo ?? null,
    historico: done.map((r) => ({
      rodadaId: r.rodadaId,
      grupo: r.grupo,
      dataVisita: r.dataVisita,
      canal: r.canal,
      pontuacao: r.pontuacao ?? 0,
      selo: r.selo,
      tokenSelo: r.tokenSelo,
    })),
    podeVerAvaliacao: canSeeEvaluation(ctx, place),
    podeAvaliar: canEvaluate(ctx, place),
  };
}

export async function create(tx: Tx, actor: Actor, input: z.output<typeof roundInputSchema>): Promise<RoundDetail> {
  const { municipioId, ...fields } = input;
  const id = await repo.insertRound(tx, actor.tenantId, municipioId, actor.usuarioId, fields);
  return present(tx, actor.tenantId, id);
}

/** The open round, locked; 404 when it went away, 409 once finalized (read-only from then on). */
async function openRound(tx: Tx, tenantId: string, rodadaId: number) {
  const round = await repo.lockRound(tx, tenantId, rodadaId);
  if (!round) throw notFound(M.rodadaNaoEncontrada);
  if (round.finalizada) throw conflict(M.rodadaFinalizada);
  return round;
}

export async function update(tx: Tx, actor: Actor, input: z.output<typeof roundUpdateSchema>, removed: string[]): Promise<RoundDetail> {
  const { rodadaId, respostas, arquivosUploadIds, arquivosRemovidos, ...fields } = input;
  await openRound(tx, actor.tenantId, rodadaId);
  const problem = answerProblem(respostas);
  if (problem) throw badRequest(problem);
  await repo.updateRound(tx, actor.tenantId, rodadaId, { ...fields, respostas });
  removed.push(...(await deleteAttachments(tx, actor.tenantId, MYSTERY_SHOPPER_ATTACHMENTS, rodadaId, arquivosRemovidos)));
  await attachUploads(
    tx,
    actor.storage,
    { tenantId: actor.tenantId, usuarioId: actor.usuarioId, uploadIds: arquivosUploadIds },
    MYSTERY_SHOPPER_ATTACHMENTS,
    rodadaId,
  );
  return present(tx, actor.tenantId, rodadaId);
}

/**
 * Freezes the round's score and seal (every criterion answered) and gives a seal its certificate's
 * public id; the municipality's seal becomes the one of its latest finalized round (by visit date),
 * so finalizing an older round late does not overwrite a newer result.
 */
export async function finalize(tx: Tx, actor: Actor, rodadaId: number): Promise<RoundDetail> {
  const round = await openRound(tx, actor.tenantId, rodadaId);
  const missing = unanswered(round.respostas);
  if (missing > 0) throw badRequest(M.respostasIncompletas(missing));
  const pontuacao = score(round.respostas);
  const selo = sealOf(pontuacao);
  await repo.finalizeRound(tx, actor.tenantId, rodadaId, { pontuacao, selo, tokenSelo: selo ? newToken() : null });
  const [latest] = await repo.listFinalized(tx, actor.tenantId, round.municipioId);
  await repo.setMunicipalitySeal(tx, actor.tenantId, round.municipioId, latest?.selo ?? null);
  return present(tx, actor.tenantId, rodadaId);
}

/** Deletes an open round and its files (bytes removed after the commit); a finalized round is history. */
export async function remove(tx: Tx, actor: Actor, rodadaId: number, removed: string[]): Promise<void> {
  await openRound(tx, actor.tenantId, rodadaId);
  removed.push(...(await deleteAttachments(tx, actor.tenantId, MYSTERY_SHOPPER_ATTACHMENTS, rodadaId, 'all')));
  await repo.deleteRound(tx, actor.tenantId, rodadaId);
}
