import type { z } from 'zod';
import { BATCH_EVENTS_UF } from '../../../src/domain/city-tabs.ts';
import { canScheduleInBatch } from '../../../src/domain/batch-events.ts';
import {
  canEditCalendar,
  MEETING_MESSAGES,
  meetingNeedsTask,
  parseWallClock,
  taskRequiredMessage,
  tenantServesUf,
  type calendarEventInputSchema,
  type MeetingCreate,
  type meetingBatchSchema,
  type meetingCreateSchema,
  type meetingUpdateSchema,
} from '../../../src/domain/meetings.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The calendar's writes, each run by withCommand in one transaction (routes.ts). Access (the
 * municipality or the meeting, src/contract/meetings.ts) has already run; what it cannot say is
 * checked here, after it, so a 400 or a 403 never tells what its 404 hides.
 */

/** Who acts: the session and the tenant of the request. */
export type Actor = { ctx: PermissionContext; tenantId: string; usuarioId: number };

/**
 * The calendar tab's flag (verAbaEvento) with the calendar's own message: not an access rule,
 * because the vocabulary's flag answers a generic 403 and runs before the place, which would turn
 * a hidden meeting's 404 into a 403 for a user without the flag.
 */
function requireCalendarEditor(ctx: PermissionContext): void {
  if (!canEditCalendar(ctx)) throw forbidden(MEETING_MESSAGES.semPermissaoCalendario);
}

// Both ends were validated by the schema; the parse cannot fail here.
const instant = (text: string): Date => parseWallClock(text)!;

/** The municipality's references and the task rule; returns how to build a record for one date. */
async function checkContent(tx: Conn, actor: Actor, input: Omit<MeetingCreate, 'inicioString' | 'fimString'>) {
  if (input.tarefas.length === 0 && meetingNeedsTask(actor.ctx)) throw badRequest(taskRequiredMessage());
  const refs = await repo.checkReferences(tx, actor.tenantId, input.municipioId, {
    grupoId: input.grupoId,
    solucaoIds: input.solucoes.map((s) => s.municipioSolucaoId),
    tarefaIds: input.tarefas.map((t) => t.municipioTarefaId),
    membroIds: input.convidados.map((g) => g.membroId),
  });
  if (!refs.ok) {
    const messages = {
      grupo: MEETING_MESSAGES.grupoDeOutroMunicipio,
      solucao: MEETING_MESSAGES.solucaoDeOutroMunicipio,
      tarefa: MEETING_MESSAGES.tarefaDeOutroMunicipio,
      membro: MEETING_MESSAGES.convidadoDeOutroMunicipio,
    };
    throw badRequest(messages[refs.kind]);
  }
  return (inicioString: string, fimString: string): repo.MeetingRecord => ({
    municipioId: input.municipioId,
    grupoId: input.grupoId,
    encontroType: input.encontroType,
    titulo: input.titulo,
    local: input.local,
    inicio: instant(inicioString),
    fim: instant(fimString),
    solucaoIds: [...input.solucoes.map((s) => s.municipioSolucaoId), ...refs.taskSolutionIds],
    tarefaIds: input.tarefas.map((t) => t.municipioTarefaId),
    convidados: input.convidados,
  });
}

async function loadMeeting(tx: Conn, tenantId: string, encontroId: number) {
  const meeting = await repo.findMeeting(tx, tenantId, encontroId);
  if (!meeting) throw new Error(`meeting ${encontroId} vanished after being written`);
  return meeting;
}

/** The meeting access resolved, read again in the transaction (it may have gone since). */
async function ownerOf(tx: Tx, tenantId: string, encontroId: number) {
  const owner = await repo.findMeetingOwner(tx, tenantId, encontroId);
  if (!owner) throw notFound(MEETING_MESSAGES.naoEncontrado);
  return owner;
}

export async function create(tx: Tx, actor: Actor, input: z.output<typeof meetingCreateSchema>) {
  requireCalendarEditor(actor.ctx);
  const record = await checkContent(tx, actor, input);
  const [encontroId] = await repo.insertMeetings(tx, actor.tenantId, [record(input.inicioString, input.fimString)], actor.usuarioId);
  return loadMeeting(tx, actor.tenantId, encontroId!);
}

export async function update(tx: Tx, actor: Actor, input: z.output<typeof meetingUpdateSchema>) {
  requireCalendarEditor(actor.ctx);
  const existing = await ownerOf(tx, actor.tenantId, input.encontroId);
  if (existing.municipioId !== input.municipioId) throw badRequest('O encontro não pode mudar de município.');
  const record = await checkContent(tx, actor, input);
  await repo.updateMeeting(tx, actor.tenantId, existing.encontroId, record(input.inicioString, input.fimString));
  return loadMeeting(tx, actor.tenantId, existing.encontroId);
}

export async function remove(tx: Tx, actor: Actor, encontroId: number): Promise<null> {
  requireCalendarEditor(actor.ctx);
  const existing = await ownerOf(tx, actor.tenantId, encontroId);
  // The report would lose its meeting (and its title's source) without anyone having chosen that.
  if (existing.temRelatorio) throw conflict(MEETING_MESSAGES.possuiRelatorio);
  await repo.deleteMeeting(tx, actor.tenantId, existing.encontroId);
  return null;
}

/**
 * Several meetings at once. The batch events tab's rule (SC1 on a database serving it, then
 * canScheduleInBatch) with its own messages, which the access vocabulary's tab rule does not carry.
 */
export async function createBatch(tx: Tx, actor: Actor, input: z.output<typeof meetingBatchSchema>) {
  if (input.uf.trim().toUpperCase() !== BATCH_EVENTS_UF || !tenantServesUf(actor.tenantId, input.uf))
    throw forbidden(MEETING_MESSAGES.loteSomenteSc1);
  if (!canScheduleInBatch({ ...actor.ctx, municipioId: input.municipioId }, input.uf)) throw forbidden(MEETING_MESSAGES.loteSemPermissao);
  const record = await checkContent(tx, actor, input);
  const ids = await repo.insertMeetings(
    tx,
    actor.tenantId,
    input.datas.map((d) => record(d.inicioString, d.fimString)),
    actor.usuarioId,
  );
  return { encontros: await repo.listMeetings(tx, actor.tenantId, { encontroIds: ids }) };
}

// ---------------------------------------------------------------- programme calendar events (admins)

type EventInput = z.output<typeof calendarEventInputSchema>;

const eventValues = (input: EventInput) => {
  const { inicioString, fimString, ...rest } = input;
  return { ...rest, inicio: instant(inicioString), fim: instant(fimString) };
};

async function loadEvent(tx: Conn, tenantId: string, eventoId: number) {
  const event = await repo.findEvent(tx, tenantId, eventoId);
  if (!event) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
  return event;
}

export async function createEvent(tx: Tx, actor: Actor, input: EventInput) {
  const eventoId = await repo.insertEvent(tx, actor.tenantId, eventValues(input), actor.usuarioId);
  return loadEvent(tx, actor.tenantId, eventoId);
}

export async function updateEvent(tx: Tx, actor: Actor, eventoId: number, input: EventInput) {
  if (!(await repo.updateEvent(tx, actor.tenantId, eventoId, eventValues(input)))) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
  return loadEvent(tx, actor.tenantId, eventoId);
}

export async function removeEvent(tx: Tx, actor: Actor, eventoId: number): Promise<null> {
  if (!(await repo.deleteEvent(tx, actor.tenantId, eventoId))) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
  return null;
}
