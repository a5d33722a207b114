import { todayInSaoPaulo } from '../../../src/domain/format.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import {
  canChangeVisitStatus,
  canManageTerritories,
  seesTerritory,
  seesWholeTerritory,
  TERRITORY_MESSAGES,
  type Territory,
  type TerritoryValues,
  type Visit,
  type VisitStatus,
  type VisitUpdate,
  type VisitValues,
} from '../../../src/domain/territories.ts';
import type { Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** Territories' and visits' writes of more than one step, each run by withCommand (one transaction, the idempotent answer). */

export type Actor = { tenantId: string; ctx: PermissionContext };

/** A territory the user sees at least in part (else 404, like another tenant's); `whole` for a change (else 403). */
export async function requireTerritory(
  tx: Tx | Parameters<typeof repo.findTerritory>[0],
  { tenantId, ctx }: Actor,
  id: number,
  whole = false,
): Promise<Territory> {
  const territory = await repo.findTerritory(tx, tenantId, id);
  const ids = territory?.municipios.map((m) => m.municipioId) ?? [];
  if (!territory || !seesTerritory(ctx, ids)) throw notFound(TERRITORY_MESSAGES.territoryNotFound);
  if (whole && !seesWholeTerritory(ctx, ids)) throw forbidden(TERRITORY_MESSAGES.municipalityOutOfSight);
  return territory;
}

/** The body's references: the tenant's municipalities of the UF, all in the user's sight; the UF's regional unit; enabled users. */
async function checkTerritory(tx: Tx, { tenantId, ctx }: Actor, values: TerritoryValues, id?: number): Promise<void> {
  const found = await repo.municipalitiesAmong(tx, tenantId, values.municipioIds);
  if (found.length !== values.municipioIds.length || !seesWholeTerritory(ctx, values.municipioIds))
    throw badRequest(TERRITORY_MESSAGES.municipalityOutOfSight);
  if (found.some((m) => m.uf !== values.uf)) throw badRequest(TERRITORY_MESSAGES.municipalityOtherUf);
  if (values.unidadeRegionalId !== null && (await repo.regionalUnitUf(tx, tenantId, values.unidadeRegionalId)) !== values.uf)
    throw badRequest(TERRITORY_MESSAGES.regionalUnitInvalid);
  if ((await repo.enabledUsersAmong(tx, tenantId, values.usuarioIds)).length !== values.usuarioIds.length)
    throw badRequest(TERRITORY_MESSAGES.agentInvalid);
  const named = await repo.territoryNamed(tx, tenantId, values.nome);
  if (named !== null && named !== id) throw conflict(TERRITORY_MESSAGES.territoryExists);
}

export async function createTerritory(tx: Tx, actor: Actor, values: TerritoryValues): Promise<Territory> {
  await checkTerritory(tx, actor, values);
  const id = await repo.createTerritory(tx, actor.tenantId, values);
  return (await repo.findTerritory(tx, actor.tenantId, id))!;
}

export async function updateTerritory(tx: Tx, actor: Actor, id: number, values: TerritoryValues): Promise<Territory> {
  await requireTerritory(tx, actor, id, true);
  await checkTerritory(tx, actor, values, id);
  await repo.updateTerritory(tx, actor.tenantId, id, values);
  return (await repo.findTerritory(tx, actor.tenantId, id))!;
}

export async function removeTerritory(tx: Tx, actor: Actor, id: number): Promise<void> {
  await requireTerritory(tx, actor, id, true);
  await repo.removeTerritory(tx, actor.tenantId, id);
}

// ------------------------------------------------------------------------------ visits

type VisitFields = Omit<VisitValues, 'municipioId'>;

/**
 * A visit's references, all of its municipality: the territory must contain it, the solution must
 * be its own and followed by visits (monitoramento 2), the report its own; the agent an enabled
 * user; a done visit's date not in the future. Each a 400 in pt-BR.
 */
async function checkVisit(tx: Tx, tenantId: string, municipioId: number, usuarioId: number, v: VisitFields): Promise<void> {
  if ((await repo.enabledUsersAmong(tx, tenantId, [usuarioId])).length !== 1) throw badRequest(TERRITORY_MESSAGES.agentInvalid);
  if (v.territorioId !== null && !(await repo.territoryHas(tx, tenantId, v.territorioId, municipioId)))
    throw badRequest(TERRITORY_MESSAGES.territoryInvalid);
  if (v.municipioSolucaoId !== null) {
    const solutions = await repo.visitSolutions(tx, tenantId, municipioId);
    if (!solutions.some((s) => s.municipioSolucaoId === v.municipioSolucaoId)) throw badRequest(TERRITORY_MESSAGES.solutionInvalid);
  }
  if (v.relatorioId !== null && (await repo.reportOf(tx, tenantId, v.relatorioId))?.municipioId !== municipioId)
    throw badRequest(TERRITORY_MESSAGES.reportInvalid);
  if (v.status === 'realizada' && v.dataRealizada !== null && v.dataRealizada > todayInSaoPaulo())
    throw badRequest(TERRITORY_MESSAGES.doneDateFuture);
}

/** The columns stored: a visit not done keeps no done date. */
function columns(usuarioId: number, v: VisitFields) {
  return {
    usuarioId,
    territorioId: v.territorioId,
    municipioSolucaoId: v.municipioSolucaoId,
    relatorioId: v.relatorioId,
    status: v.status,
    dataPrevista: v.dataPrevista,
    dataRealizada: v.status === 'realizada' ? v.dataRealizada : null,
    horas: v.horas,
    observacao: v.observacao,
  };
}

/**
 * Who plans or records a visit for someone else: a territory manager. Anybody who sees the
 * municipality (access decided that) plans and records their own. The agent comes from the body,
 * which access cannot read before it is parsed, so this rule stays here.
 */
function agentFor(ctx: PermissionContext, requested: number | null, current?: number): number {
  const self = ctx.usuario.usuarioId;
  const agent = requested ?? current ?? self;
  if (agent !== self && !canManageTerritories(ctx)) throw forbidden(TERRITORY_MESSAGES.otherAgentRefused);
  return agent;
}

export async function createVisit(tx: Tx, { tenantId, ctx }: Actor, input: VisitValues): Promise<Visit> {
  const usuarioId = agentFor(ctx, input.usuarioId);
  // A visit starts planned or is recorded already done; cancelling one that was never planned means nothing.
  if (input.status === 'cancelada') throw badRequest(TERRITORY_MESSAGES.transitionInvalid);
  await checkVisit(tx, tenantId, input.municipioId, usuarioId, input);
  const id = await repo.insertVisit(tx, tenantId, { municipioId: input.municipioId, ...columns(usuarioId, input) });
  return (await repo.findVisit(tx, tenantId, id))!;
}

export async function updateVisit(tx: Tx, { tenantId, ctx }: Actor, current: Visit, input: VisitUpdate): Promise<Visit> {
  // Only the visit's own agent or a manager changes it (the current agent is read from the database).
  if (current.usuarioId !== ctx.usuario.usuarioId && !canManageTerritories(ctx)) throw forbidden(TERRITORY_MESSAGES.otherAgentRefused);
  const usuarioId = agentFor(ctx, input.usuarioId, current.usuarioId);
  if (!canChangeVisitStatus(current.status as VisitStatus, input.status)) throw badRequest(TERRITORY_MESSAGES.transitionInvalid);
  await checkVisit(tx, tenantId, current.municipioId, usuarioId, input);
  if (!(await repo.updateVisit(tx, tenantId, current.visitaId, columns(usuarioId, input))))
    throw notFound(TERRITORY_MESSAGES.visitNotFound);
  return (await repo.findVisit(tx, tenantId, current.visitaId))!;
}
