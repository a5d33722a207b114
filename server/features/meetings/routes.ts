import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BATCH_EVENTS_UF } from '../../../src/domain/city-tabs.ts';
import {
  calendarEventFilterSchema,
  calendarEventInputSchema,
  calendarEventSchema,
  calendarEventUpdateSchema,
  canEditCalendar,
  canScheduleInBatch,
  MEETING_MESSAGES,
  meetingBatchSchema,
  meetingCreateSchema,
  meetingFilterSchema,
  meetingListItemSchema,
  meetingNameSchema,
  meetingNamesRequestSchema,
  meetingNeedsTask,
  meetingOptionsSchema,
  meetingSchema,
  meetingSearchSchema,
  meetingUpdateSchema,
  parseWallClock,
  taskRequiredMessage,
  tenantServesUf,
  type MeetingCreate,
} from '../../../src/domain/meetings.ts';
import {
  canSeeMunicipality,
  permittedMunicipalityIds,
  seesAllMunicipalities,
  type PermissionContext,
} from '../../../src/domain/permissions.ts';
import { requireAdmin, requireCityTab, requireMunicipality } from '../../lib/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { listSolutions, listTasks } from '../solutions/read.ts';
import * as repo from './repository.ts';
import { idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const meetingTags = ['calendario/encontro'];
const eventTags = ['calendario/evento'];

/** Municipality ids whose meetings the user reads; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/** A meeting of a hidden municipality answers exactly like a missing one, so ids cannot be probed. */
function requireVisibleMeeting<T extends { municipioId: number }>(ctx: PermissionContext, row: T | null): T {
  if (!row || !canSeeMunicipality(ctx, row.municipioId)) throw notFound(MEETING_MESSAGES.naoEncontrado);
  return row;
}

function requireCalendarEditor(ctx: PermissionContext): void {
  if (!canEditCalendar(ctx)) throw forbidden(MEETING_MESSAGES.semPermissaoCalendario);
}

// Both ends were validated by the schema; the parse cannot fail here.
const instant = (text: string): Date => parseWallClock(text)!;

/**
 * Meetings (api/calendario/encontro) and programme calendar events (api/calendario/evento).
 *
 * Permissions (spec §6 names none for meetings besides podeCriarEventoSemTarefaCalendario, so
 * this is the decision): whoever can see a municipality (requireMunicipality) reads its meetings,
 * since the report form lists them for consultants and analysts alike; creating, editing and
 * deleting also need the calendar tab's flag (verAbaEvento), the screen where meetings are made.
 * store-in-batch follows the batch events tab exactly (canScheduleInBatch: SC1, its flag, admin
 * or specialist consultant of the municipality). Calendar events are the admins' register (/eventos):
 * every call of that family is refused to anyone but an admin.
 */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** The municipality's references and the task rule, checked after access so a 400 never leaks what a 404 hides. */
  async function checkContent(ctx: PermissionContext, tenantId: string, input: Omit<MeetingCreate, 'inicioString' | 'fimString'>) {
    const municipality = await repo.findMunicipality(db, tenantId, input.municipioId);
    if (!municipality) throw notFound('Município não encontrado.');
    if (input.tarefas.length === 0 && meetingNeedsTask(ctx)) throw badRequest(taskRequiredMessage());
    const refs = await repo.checkReferences(db, tenantId, input.municipioId, {
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

  async function loadMeeting(tenantId: string, encontroId: number) {
    const meeting = await repo.findMeeting(db, tenantId, encontroId);
    if (!meeting) throw new Error(`meeting ${encontroId} vanished after being written`);
    return meeting;
  }

  app.post(
    '/calendario/encontro',
    {
      schema: {
        tags: meetingTags,
        summary: 'Criar encontro (inicioString e fimString no horário de São Paulo: AAAA-MM-DDTHH:mm ou DD/MM/AAAA HH:mm)',
        body: meetingCreateSchema,
        response: { 201: meetingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      requireMunicipality(ctx, request.body.municipioId);
      requireCalendarEditor(ctx);
      const record = await checkContent(ctx, tenantId, request.body);
      const [encontroId] = await repo.insertMeetings(
        db,
        tenantId,
        [record(request.body.inicioString, request.body.fimString)],
        ctx.usuario.usuarioId,
      );
      return reply.status(201).send(await loadMeeting(tenantId, encontroId!));
    },
  );

  app.put(
    '/calendario/encontro',
    {
      schema: {
        tags: meetingTags,
        summary: 'Atualizar encontro (substitui soluções, tarefas e convidados)',
        body: meetingUpdateSchema,
        response: { 200: meetingSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const existing = requireVisibleMeeting(ctx, await repo.findMeetingOwner(db, tenantId, request.body.encontroId));
      requireCalendarEditor(ctx);
      if (existing.municipioId !== request.body.municipioId) throw badRequest('O encontro não pode mudar de município.');
      const record = await checkContent(ctx, tenantId, request.body);
      await repo.updateMeeting(db, tenantId, existing.encontroId, record(request.body.inicioString, request.body.fimString));
      return loadMeeting(tenantId, existing.encontroId);
    },
  );

  app.delete(
    '/calendario/encontro/:id',
    {
      schema: {
        tags: meetingTags,
        summary: 'Excluir encontro (não se já tiver relatório)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const existing = requireVisibleMeeting(ctx, await repo.findMeetingOwner(db, tenantId, request.params.id));
      requireCalendarEditor(ctx);
      // The report would lose its meeting (and its title's source) without anyone having chosen that.
      if (existing.temRelatorio) throw conflict(MEETING_MESSAGES.possuiRelatorio);
      await repo.deleteMeeting(db, tenantId, existing.encontroId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendario/encontro/:id',
    { schema: { tags: meetingTags, summary: 'Encontro por id', params: idParams, response: { 200: meetingSchema, ...errors } } },
    async (request) => requireVisibleMeeting(request.session, await repo.findMeeting(db, request.tenant.id, request.params.id)),
  );

  app.get(
    '/calendario/encontro/obter-nome/:id',
    {
      schema: {
        tags: meetingTags,
        summary: 'Nome do encontro (grupo - DD/MM/AAAA HH:mm)',
        params: idParams,
        response: { 200: meetingNameSchema, ...errors },
      },
    },
    async (request) => {
      const meeting = requireVisibleMeeting(request.session, await repo.findMeetingOwner(db, request.tenant.id, request.params.id));
      const [name] = await repo.meetingNames(db, request.tenant.id, [meeting.encontroId], undefined);
      return name!;
    },
  );

  app.post(
    '/calendario/encontro/obter-nomes',
    {
      schema: {
        tags: meetingTags,
        summary: 'Nomes de vários encontros; ids invisíveis ou inexistentes são omitidos',
        body: meetingNamesRequestSchema,
        response: { 200: z.array(meetingNameSchema), ...errors },
      },
    },
    async (request) => repo.meetingNames(db, request.tenant.id, request.body.encontroIds, visibleMunicipalityIds(request.session)),
  );

  app.get(
    '/calendario/encontro/get-by-municipio/:id',
    {
      schema: {
        tags: meetingTags,
        summary: 'Encontros do município',
        params: idParams,
        response: { 200: z.array(meetingSchema), ...errors },
      },
    },
    async (request) => {
      requireMunicipality(request.session, request.params.id);
      // The city's calendar is its Agenda/Calendário tab (the report form reads meetings elsewhere).
      requireCityTab(request.session, request.params.id, 'evento');
      return repo.listMeetings(db, request.tenant.id, { municipioIds: [request.params.id] });
    },
  );

  app.get(
    '/calendario/encontro/get-by-municipio-sem-relatorio/:id',
    {
      schema: {
        tags: meetingTags,
        summary: 'Encontros do município ainda sem relatório (o combo do novo relatório)',
        params: idParams,
        response: { 200: z.array(meetingSchema), ...errors },
      },
    },
    async (request) => {
      requireMunicipality(request.session, request.params.id);
      return repo.listMeetings(db, request.tenant.id, { municipioIds: [request.params.id], semRelatorio: true });
    },
  );

  app.get(
    '/calendario/encontro/opcoes/:id',
    {
      schema: {
        tags: meetingTags,
        summary: 'Soluções e tarefas do município que um encontro pode levar (as mesmas linhas do pacote offline)',
        params: idParams,
        response: { 200: meetingOptionsSchema, ...errors },
      },
    },
    async (request) => {
      requireMunicipality(request.session, request.params.id);
      const [solucoes, tarefas] = await Promise.all([
        listSolutions(db, request.tenant.id, request.params.id),
        listTasks(db, request.tenant.id, request.params.id),
      ]);
      return { solucoes, tarefas };
    },
  );

  app.post(
    '/calendario/encontro/store-in-batch',
    {
      schema: {
        tags: meetingTags,
        summary:
          'Criar vários encontros de uma vez (mesmo grupo, tarefas e convidados; uma data por item). Só SC1, administradores e consultores especialistas',
        body: meetingBatchSchema,
        response: { 201: z.object({ encontros: z.array(meetingSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const body = request.body;
      requireMunicipality(ctx, body.municipioId);
      if (body.uf.trim().toUpperCase() !== BATCH_EVENTS_UF || !tenantServesUf(tenantId, body.uf))
        throw forbidden(MEETING_MESSAGES.loteSomenteSc1);
      if (!canScheduleInBatch({ ...ctx, municipioId: body.municipioId }, body.uf)) throw forbidden(MEETING_MESSAGES.loteSemPermissao);
      const record = await checkContent(ctx, tenantId, body);
      const ids = await repo.insertMeetings(
        db,
        tenantId,
        body.datas.map((d) => record(d.inicioString, d.fimString)),
        ctx.usuario.usuarioId,
      );
      const encontros = await repo.listMeetings(db, tenantId, { encontroIds: ids });
      return reply.status(201).send({ encontros });
    },
  );

  app.post(
    '/calendario/encontro/get-by-filtro',
    {
      schema: {
        tags: meetingTags,
        summary: 'Encontros de um município por período (dias de São Paulo), grupo e tipo',
        body: meetingFilterSchema,
        response: { 200: z.array(meetingSchema), ...errors },
      },
    },
    async (request) => {
      const f = request.body;
      requireMunicipality(request.session, f.municipioId);
      return repo.listMeetings(db, request.tenant.id, {
        municipioIds: [f.municipioId],
        grupoIds: f.grupoId ? [f.grupoId] : undefined,
        encontroType: f.encontroType,
        inicio: f.inicio,
        fim: f.fim,
      });
    },
  );

  app.post(
    '/calendario/encontro/get-encontro-by-filtro',
    {
      schema: {
        tags: meetingTags,
        summary: 'Encontros dos municípios visíveis ao usuário por município, grupo, período e consultor (quem agendou)',
        body: meetingSearchSchema,
        response: { 200: z.array(meetingListItemSchema), ...errors },
      },
    },
    async (request) => {
      const f = request.body;
      const visible = visibleMunicipalityIds(request.session);
      const wanted = f.municipioIds.length > 0 ? f.municipioIds : undefined;
      const municipioIds = visible && wanted ? wanted.filter((id) => visible.includes(id)) : (wanted ?? visible);
      return repo.listMeetings(db, request.tenant.id, {
        municipioIds,
        grupoIds: f.grupoIds.length > 0 ? f.grupoIds : undefined,
        usuarioIds: f.usuarioIds.length > 0 ? f.usuarioIds : undefined,
        encontroType: f.encontroType,
        inicio: f.inicio,
        fim: f.fim,
      });
    },
  );

  // ---------------------------------------------------------------- api/calendario/evento (admins)

  const eventValues = (body: z.output<typeof calendarEventInputSchema>) => {
    const { inicioString, fimString, ...rest } = body;
    return { ...rest, inicio: instant(inicioString), fim: instant(fimString) };
  };

  async function loadEvent(tenantId: string, eventoId: number) {
    const event = await repo.findEvent(db, tenantId, eventoId);
    if (!event) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
    return event;
  }

  app.post(
    '/calendario/evento',
    {
      schema: {
        tags: eventTags,
        summary: 'Cadastrar evento do calendário (administradores)',
        body: calendarEventInputSchema,
        response: { 201: calendarEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request.session);
      const eventoId = await repo.insertEvent(db, request.tenant.id, eventValues(request.body), request.session.usuario.usuarioId);
      return reply.status(201).send(await loadEvent(request.tenant.id, eventoId));
    },
  );

  app.put(
    '/calendario/evento',
    {
      schema: {
        tags: eventTags,
        summary: 'Atualizar evento do calendário (administradores)',
        body: calendarEventUpdateSchema,
        response: { 200: calendarEventSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request.session);
      const { eventoId, ...input } = request.body;
      if (!(await repo.updateEvent(db, request.tenant.id, eventoId, eventValues(input))))
        throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
      return loadEvent(request.tenant.id, eventoId);
    },
  );

  app.delete(
    '/calendario/evento/:id',
    {
      schema: {
        tags: eventTags,
        summary: 'Excluir evento do calendário (administradores)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request.session);
      if (!(await repo.deleteEvent(db, request.tenant.id, request.params.id))) throw notFound(MEETING_MESSAGES.eventoNaoEncontrado);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendario/evento',
    {
      schema: {
        tags: eventTags,
        summary: 'Eventos do calendário, mais recentes primeiro (administradores)',
        response: { 200: z.array(calendarEventSchema), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request.session);
      return repo.listEvents(db, request.tenant.id, {});
    },
  );

  app.get(
    '/calendario/evento/:id',
    {
      schema: {
        tags: eventTags,
        summary: 'Evento do calendário por id (administradores)',
        params: idParams,
        response: { 200: calendarEventSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request.session);
      return loadEvent(request.tenant.id, request.params.id);
    },
  );

  app.post(
    '/calendario/evento/get-by-filtro',
    {
      schema: {
        tags: eventTags,
        summary: 'Eventos do calendário por período (dias de São Paulo) e parte do título (administradores)',
        body: calendarEventFilterSchema,
        response: { 200: z.array(calendarEventSchema), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request.session);
      return repo.listEvents(db, request.tenant.id, request.body);
    },
  );
};
