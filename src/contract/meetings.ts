import { z } from 'zod';
import {
  calendarEventFilterSchema,
  calendarEventInputSchema,
  calendarEventSchema,
  calendarEventUpdateSchema,
  meetingBatchSchema,
  meetingCreateSchema,
  meetingFilterSchema,
  meetingListItemSchema,
  meetingNameSchema,
  meetingNamesRequestSchema,
  meetingOptionsSchema,
  meetingSchema,
  meetingSearchSchema,
  meetingUpdateSchema,
} from '../domain/meetings.ts';
import { endpoint } from './endpoint.ts';
import { idParams, recordErrors as errors } from './schemas.ts';

const meetingTags = ['calendario/encontro'];
const eventTags = ['calendario/evento'];

/** A meeting named by id: gated by its municipality (server/features/meetings registers `meeting`). */
const meetingAt = (id: 'params.id' | 'body.encontroId') => ({ record: { of: 'meeting', id } }) as const;
const admins = { admin: true } as const;

/**
 * The calendar (spec §7 "calendario"): meetings (api/calendario/encontro) and the programme's
 * calendar events (api/calendario/evento).
 *
 * Access (spec §6 names none for meetings besides podeCriarEventoSemTarefaCalendario, so this is
 * the decision): whoever sees a municipality reads its meetings (the report form lists them for
 * consultants and analysts alike); a meeting of a municipality out of sight is not found. Creating,
 * editing and deleting also need the calendar tab's flag (verAbaEvento) with the calendar's own 403
 * message, which the access vocabulary does not carry, so the commands check it after the place
 * (a hidden meeting stays a 404 for a user without the flag). store-in-batch follows the batch events
 * tab exactly, with its own messages (checked by the command). Calendar events are the admins' register.
 */
export const meetings = {
  create: endpoint({
    method: 'POST',
    path: '/calendario/encontro',
    summary: 'Criar encontro (inicioString e fimString no horário de São Paulo: AAAA-MM-DDTHH:mm ou DD/MM/AAAA HH:mm)',
    tags: meetingTags,
    access: { municipality: 'body.municipioId' },
    body: meetingCreateSchema,
    response: { 201: meetingSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/calendario/encontro',
    summary: 'Atualizar encontro (substitui soluções, tarefas e convidados)',
    tags: meetingTags,
    access: meetingAt('body.encontroId'),
    body: meetingUpdateSchema,
    response: { 200: meetingSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/calendario/encontro/:id',
    summary: 'Excluir encontro (não se já tiver relatório)',
    tags: meetingTags,
    access: meetingAt('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/calendario/encontro/:id',
    summary: 'Encontro por id',
    tags: meetingTags,
    access: meetingAt('params.id'),
    params: idParams,
    response: { 200: meetingSchema, ...errors },
  }),
  name: endpoint({
    method: 'GET',
    path: '/calendario/encontro/obter-nome/:id',
    summary: 'Nome do encontro (grupo - DD/MM/AAAA HH:mm)',
    tags: meetingTags,
    access: meetingAt('params.id'),
    params: idParams,
    response: { 200: meetingNameSchema, ...errors },
  }),
  /** Ids of meetings the user does not see are left out of the answer (no access rule to decide). */
  names: endpoint({
    method: 'POST',
    path: '/calendario/encontro/obter-nomes',
    summary: 'Nomes de vários encontros; ids invisíveis ou inexistentes são omitidos',
    tags: meetingTags,
    access: 'session',
    body: meetingNamesRequestSchema,
    response: { 200: z.array(meetingNameSchema), ...errors },
  }),
  /** The city's calendar is its Agenda/Calendário tab (the report form reads meetings elsewhere). */
  ofMunicipality: endpoint({
    method: 'GET',
    path: '/calendario/encontro/get-by-municipio/:id',
    summary: 'Encontros do município',
    tags: meetingTags,
    access: { municipality: 'params.id', tab: 'evento' },
    params: idParams,
    response: { 200: z.array(meetingSchema), ...errors },
  }),
  withoutReport: endpoint({
    method: 'GET',
    path: '/calendario/encontro/get-by-municipio-sem-relatorio/:id',
    summary: 'Encontros do município ainda sem relatório (o combo do novo relatório)',
    tags: meetingTags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(meetingSchema), ...errors },
  }),
  options: endpoint({
    method: 'GET',
    path: '/calendario/encontro/opcoes/:id',
    summary: 'Soluções e tarefas do município que um encontro pode levar (as mesmas linhas do pacote offline)',
    tags: meetingTags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: meetingOptionsSchema, ...errors },
  }),
  createBatch: endpoint({
    method: 'POST',
    path: '/calendario/encontro/store-in-batch',
    summary:
      'Criar vários encontros de uma vez (mesmo grupo, tarefas e convidados; uma data por item). Só SC1, administradores e consultores especialistas',
    tags: meetingTags,
    access: { municipality: 'body.municipioId' },
    body: meetingBatchSchema,
    response: { 201: z.object({ encontros: z.array(meetingSchema) }), ...errors },
  }),
  filter: endpoint({
    method: 'POST',
    path: '/calendario/encontro/get-by-filtro',
    summary: 'Encontros de um município por período (dias de São Paulo), grupo e tipo',
    tags: meetingTags,
    access: { municipality: 'body.municipioId' },
    body: meetingFilterSchema,
    response: { 200: z.array(meetingSchema), ...errors },
  }),
  /** Over the municipalities the user sees: the handler narrows the ones asked to those. */
  search: endpoint({
    method: 'POST',
    path: '/calendario/encontro/get-encontro-by-filtro',
    summary: 'Encontros dos municípios visíveis ao usuário por município, grupo, período e consultor (quem agendou)',
    tags: meetingTags,
    access: 'session',
    body: meetingSearchSchema,
    response: { 200: z.array(meetingListItemSchema), ...errors },
  }),

  events: {
    create: endpoint({
      method: 'POST',
      path: '/calendario/evento',
      summary: 'Cadastrar evento do calendário (administradores)',
      tags: eventTags,
      access: admins,
      body: calendarEventInputSchema,
      response: { 201: calendarEventSchema, ...errors },
    }),
    update: endpoint({
      method: 'PUT',
      path: '/calendario/evento',
      summary: 'Atualizar evento do calendário (administradores)',
      tags: eventTags,
      access: admins,
      body: calendarEventUpdateSchema,
      response: { 200: calendarEventSchema, ...errors },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/calendario/evento/:id',
      summary: 'Excluir evento do calendário (administradores)',
      tags: eventTags,
      access: admins,
      params: idParams,
      response: { 204: z.null(), ...errors },
    }),
    list: endpoint({
      method: 'GET',
      path: '/calendario/evento',
      summary: 'Eventos do calendário, mais recentes primeiro (administradores)',
      tags: eventTags,
      access: admins,
      response: { 200: z.array(calendarEventSchema), ...errors },
    }),
    get: endpoint({
      method: 'GET',
      path: '/calendario/evento/:id',
      summary: 'Evento do calendário por id (administradores)',
      tags: eventTags,
      access: admins,
      params: idParams,
      response: { 200: calendarEventSchema, ...errors },
    }),
    filter: endpoint({
      method: 'POST',
      path: '/calendario/evento/get-by-filtro',
      summary: 'Eventos do calendário por período (dias de São Paulo) e parte do título (administradores)',
      tags: eventTags,
      access: admins,
      body: calendarEventFilterSchema,
      response: { 200: z.array(calendarEventSchema), ...errors },
    }),
  },
};
