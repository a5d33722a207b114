import { z } from 'zod';
import { MEMBER_PHOTO, memberCreateSchema, memberPhotoUpdateSchema, memberSchema, memberUpdateSchema } from '../domain/members.ts';
import { endpoint } from './endpoint.ts';
import { idParams, recordErrors as errors } from './schemas.ts';

const tags = ['membro'];
const member = (id: 'params.id' | 'body.membroId') => ({ record: { of: 'member', id } }) as const;

/**
 * Members (spec §7 api/municipio/membro). Whoever sees a municipality (a role or solutions
 * permission in it, or visualizaMunicipio) reads and writes its members: a member, a group or a
 * municipality out of sight answers exactly like a missing one (404), so ids cannot be probed.
 * verTodosMembrosMunicipio and carregaMembrosGrupos only shape what the client loads and shows.
 * The lists of every visible member need only a session: the server narrows them to what the user sees.
 */
export const members = {
  create: endpoint({
    method: 'POST',
    path: '/municipio/membro/cadastrar-membro',
    summary: 'Cadastrar membro (com o vínculo ao grupo em membroGrupos[0])',
    tags,
    access: { municipality: 'body.municipioId' },
    body: memberCreateSchema(null),
    response: { 201: memberSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/municipio/membro/atualizar-membro',
    summary: 'Atualizar membro',
    tags,
    access: member('body.membroId'),
    body: memberUpdateSchema(null),
    response: { 200: memberSchema, ...errors },
  }),
  /** The server mounts it with a 4 MB body limit, so a photo too large still gets the photo message, not a 413. */
  updatePhoto: endpoint({
    method: 'PUT',
    path: '/municipio/membro/atualizar-foto-membro',
    summary: `Atualizar a foto do membro (data URL jpg, jpeg ou png de até ${MEMBER_PHOTO.maxBytes} bytes; null remove)`,
    tags,
    access: member('body.membroId'),
    // Above the usual 1 MB body: a photo too large must still get the photo message, not a generic 413.
    bodyLimit: 4 * 1024 * 1024,
    body: memberPhotoUpdateSchema,
    response: { 200: memberSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/municipio/membro/:id',
    summary: 'Excluir membro',
    tags,
    access: member('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  list: endpoint({
    method: 'GET',
    path: '/municipio/membro',
    summary: 'Membros dos municípios que o usuário pode ver',
    tags,
    access: 'session',
    response: { 200: z.array(memberSchema), ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/municipio/membro/get-membro/:id',
    summary: 'Membro por id',
    tags,
    access: member('params.id'),
    params: idParams,
    response: { 200: memberSchema, ...errors },
  }),
  ofGroup: endpoint({
    method: 'GET',
    path: '/municipio/membro/get-membro-by-grupo/:id',
    summary: 'Membros de um grupo do município',
    tags,
    access: { record: { of: 'memberGroup', id: 'params.id' } },
    params: idParams,
    response: { 200: z.array(memberSchema), ...errors },
  }),
  ofMunicipality: endpoint({
    method: 'GET',
    path: '/municipio/membro/get-membro-by-municipio/:id',
    summary: 'Membros de um município',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(memberSchema), ...errors },
  }),
  byName: endpoint({
    method: 'GET',
    path: '/municipio/membro/get-membros-by-nome/:name',
    summary: 'Membros visíveis cujo nome contém o texto (sem diferenciar acentos e maiúsculas)',
    tags,
    access: 'session',
    params: z.object({ name: z.string().trim().min(1).max(200) }),
    response: { 200: z.array(memberSchema), ...errors },
  }),
  byCpf: endpoint({
    method: 'GET',
    path: '/municipio/membro/get-by-cpf/:cpf',
    summary: 'Membro visível pelo CPF (com ou sem máscara)',
    tags,
    access: 'session',
    params: z.object({ cpf: z.string().max(20) }),
    response: { 200: memberSchema, ...errors },
  }),
};
