import {
  lineErrorText,
  planTerm,
  REFERENCE_TERM_MESSAGES as M,
  type ActivityInput,
  type ActivityUpdate,
  type InterruptionInput,
  type Phase,
  type TermConfirm,
} from '../../../src/domain/reference-term.ts';
import type { Tx } from '../../lib/command.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The reference term's writes, each run by withCommand (one transaction). Who may call each was
 * decided by the declaration (tab and flag, the phase's or activity's municipality); what is left
 * here is the all-or-nothing import and marking the term as changed by whom.
 */
export type Actor = { tenantId: string; usuarioId: number };

/** How many line errors the refusal names; the preview shows all of them. */
const NAMED_ERRORS = 5;

/**
 * Replaces the municipality's phases and activities with the confirmed lines. They are checked
 * again (the screen may have been edited, or skipped): with any error nothing is written (400).
 */
export async function importTerm(tx: Tx, actor: Actor, input: TermConfirm) {
  const { fases, erros } = planTerm(input.linhas);
  if (erros.length) {
    const named = erros.slice(0, NAMED_ERRORS).map((e) => lineErrorText(e.linha, e.mensagens));
    const more = erros.length > NAMED_ERRORS ? ` E mais ${erros.length - NAMED_ERRORS} linha(s) com erros.` : '';
    throw badRequest(`${M.hasErrors} ${named.join(' ')}${more}`);
  }
  const termId = await repo.touchTerm(tx, actor.tenantId, input.municipioId, actor.usuarioId, input.arquivoNome || null);
  await repo.replacePhases(tx, actor.tenantId, termId, fases);
  return repo.getTerm(tx, actor.tenantId, input.municipioId);
}

export async function createPhase(tx: Tx, actor: Actor, input: { municipioId: number; nome: string; descricao: string }) {
  const termId = await repo.touchTerm(tx, actor.tenantId, input.municipioId, actor.usuarioId);
  return repo.insertPhase(tx, actor.tenantId, termId, { nome: input.nome, descricao: input.descricao });
}

type StoredPhase = NonNullable<Awaited<ReturnType<typeof repo.findPhase>>>;
type StoredActivity = NonNullable<Awaited<ReturnType<typeof repo.findActivity>>>;

const found = <T>(row: T | null, message: string): T => {
  if (!row) throw notFound(message);
  return row;
};

export async function updatePhase(tx: Tx, actor: Actor, phase: StoredPhase, input: { nome: string; descricao: string }): Promise<Phase> {
  await repo.touchTermById(tx, actor.tenantId, phase.termoReferenciaId, actor.usuarioId);
  return found(await repo.updatePhase(tx, actor.tenantId, phase.faseId, input), M.phaseNotFound);
}

export async function removePhase(tx: Tx, actor: Actor, phase: StoredPhase): Promise<void> {
  await repo.touchTermById(tx, actor.tenantId, phase.termoReferenciaId, actor.usuarioId);
  found(await repo.deletePhase(tx, actor.tenantId, phase.faseId) || null, M.phaseNotFound);
}

/** Interrupting records the reason and when; resuming clears both. */
const interruption = (input: Required<InterruptionInput>) =>
  input.interrompida
    ? { interrompida: true, motivoInterrupcao: input.motivo, interrompidaEm: new Date() }
    : { interrompida: false, motivoInterrupcao: null, interrompidaEm: null };

export async function interruptPhase(tx: Tx, actor: Actor, phase: StoredPhase, input: Required<InterruptionInput>): Promise<Phase> {
  await repo.touchTermById(tx, actor.tenantId, phase.termoReferenciaId, actor.usuarioId);
  return found(await repo.updatePhase(tx, actor.tenantId, phase.faseId, interruption(input)), M.phaseNotFound);
}

type ActivityFields = Required<Omit<ActivityInput, 'faseId'>>;

export async function createActivity(tx: Tx, actor: Actor, phase: StoredPhase, input: ActivityFields) {
  await repo.touchTermById(tx, actor.tenantId, phase.termoReferenciaId, actor.usuarioId);
  return repo.insertActivity(tx, actor.tenantId, phase.faseId, input);
}

export async function updateActivity(tx: Tx, actor: Actor, activity: StoredActivity, input: Required<Omit<ActivityUpdate, 'atividadeId'>>) {
  await repo.touchTermById(tx, actor.tenantId, activity.termoReferenciaId, actor.usuarioId);
  return found(await repo.updateActivity(tx, actor.tenantId, activity.atividadeId, input), M.activityNotFound);
}

export async function removeActivity(tx: Tx, actor: Actor, activity: StoredActivity): Promise<void> {
  await repo.touchTermById(tx, actor.tenantId, activity.termoReferenciaId, actor.usuarioId);
  found(await repo.deleteActivity(tx, actor.tenantId, activity.atividadeId) || null, M.activityNotFound);
}

export async function interruptActivity(tx: Tx, actor: Actor, activity: StoredActivity, input: Required<InterruptionInput>) {
  await repo.touchTermById(tx, actor.tenantId, activity.termoReferenciaId, actor.usuarioId);
  return found(await repo.updateActivity(tx, actor.tenantId, activity.atividadeId, interruption(input)), M.activityNotFound);
}
