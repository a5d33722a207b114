import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkPhotoDataUrl,
  MEMBER_MESSAGES,
  MEMBER_PHOTO,
  memberCreateSchema,
  memberPhotoUpdateSchema,
  memberSchema,
  memberUpdateSchema,
  normalizeMemberCpf,
  sniffImageType,
  type Member,
} from '../../../src/domain/members.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const MEMBER_NOT_FOUND = 'Membro não encontrado.';
const GROUP_NOT_FOUND = 'Grupo não encontrado.';

const tags = ['membro'];

/** Municipality ids whose members the user sees; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/**
 * requireMunicipality does the check; a hidden member answers exactly like a missing one, so
 * member ids of other municipalities cannot be probed.
 */
function requireVisible<T extends { municipioId: number }>(ctx: PermissionContext, row: T | null, message: string): T {
  if (!row) throw notFound(message);
  try {
    requireMunicipality(ctx, row.municipioId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(message);
    throw error;
  }
  return row;
}

/** The body was parsed without knowing the state; the e-mail rule (spec §5) needs the municipality's uf. */
function parseForState<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest([...new Set(result.error.issues.map((i) => i.message))].join('. '));
  return result.data;
}

/**
 * Members (spec §7 api/municipio/membro). Permission rule: whoever can see a municipality
 * (requireMunicipality: a role or solutions permission in it, or visualizaMunicipio) reads and
 * writes its members. verTodosMembrosMunicipio and carregaMembrosGrupos only shape what the
 * client loads and shows; the server does not narrow a visible city's members further.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** Loads the municipality the member belongs to and checks the group link belongs to it too. */
  async function municipalityFor(ctx: PermissionContext, tenantId: string, municipioId: number, grupos: { grupoId: number }[] | undefined) {
    requireMunicipality(ctx, municipioId);
    const municipality = await repo.findMunicipality(db, tenantId, municipioId);
    if (!municipality) throw notFound('Município não encontrado.');
    for (const link of grupos ?? []) {
      const group = await repo.findGroup(db, tenantId, link.grupoId);
      if (!group) throw notFound(GROUP_NOT_FOUND);
      if (group.municipioId !== municipioId) throw badRequest('O grupo não pertence ao município do membro.');
    }
    return municipality;
  }

  async function loadMember(tenantId: string, membroId: number): Promise<Member> {
    const member = await repo.findMember(db, tenantId, membroId);
    if (!member) throw new Error(`member ${membroId} vanished after being written`);
    return member;
  }

  app.post(
    '/municipio/membro/cadastrar-membro',
    {
      schema: {
        tags,
        summary: 'Cadastrar membro (com o vínculo ao grupo em membroGrupos[0])',
        body: memberCreateSchema(null),
        response: { 201: memberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const municipality = await municipalityFor(request.session, tenantId, request.body.municipioId, request.body.membroGrupos);
      const input = parseForState(memberCreateSchema(municipality.uf), request.body);
      const membroId = await repo.insertMember(db, tenantId, input);
      return reply.status(201).send(await loadMember(tenantId, membroId));
    },
  );

  app.put(
    '/municipio/membro/atualizar-membro',
    {
      schema: {
        tags,
        summary: 'Atualizar membro',
        body: memberUpdateSchema(null),
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const member = requireVisible(request.session, await repo.findMember(db, tenantId, request.body.membroId), MEMBER_NOT_FOUND);
      const municipality = await municipalityFor(request.session, tenantId, member.municipioId, request.body.membroGrupos);
      const input = parseForState(memberUpdateSchema(municipality.uf), request.body);
      await repo.updateMember(db, tenantId, input);
      return loadMember(tenantId, member.membroId);
    },
  );

  app.put(
    '/municipio/membro/atualizar-foto-membro',
    {
      // A photo too large for the usual 1 MB body must still get the photo message, not a generic 413.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: `Atualizar a foto do membro (data URL jpg, jpeg ou png de até ${MEMBER_PHOTO.maxBytes} bytes; null remove)`,
        body: memberPhotoUpdateSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const member = requireVisible(request.session, await repo.findMember(db, tenantId, request.body.membroId), MEMBER_NOT_FOUND);
      let stored: string | null = null;
      if (request.body.imagemMembro !== null) {
        const check = checkPhotoDataUrl(request.body.imagemMembro);
        if (!check.ok) throw badRequest(check.message);
        const bytes = Buffer.from(check.base64, 'base64');
        if (sniffImageType(bytes) !== check.mimeType) throw badRequest(MEMBER_MESSAGES.fotoTipo);
        stored = `data:${check.mimeType};base64,${check.base64}`;
      }
      await repo.updateMemberPhoto(db, tenantId, member.membroId, stored);
      return loadMember(tenantId, member.membroId);
    },
  );

  app.delete(
    '/municipio/membro/:id',
    { schema: { tags, summary: 'Excluir membro', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const member = requireVisible(request.session, await repo.findMember(db, tenantId, request.params.id), MEMBER_NOT_FOUND);
      await repo.deleteMember(db, tenantId, member.membroId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/municipio/membro',
    { schema: { tags, summary: 'Membros dos municípios que o usuário pode ver', response: { 200: z.array(memberSchema), ...errors } } },
    async (request) => repo.listMembers(db, request.tenant.id, { municipioIds: visibleMunicipalityIds(request.session) }),
  );

  app.get(
    '/municipio/membro/get-membro/:id',
    { schema: { tags, summary: 'Membro por id', params: idParams, response: { 200: memberSchema, ...errors } } },
    async (request) => requireVisible(request.session, await repo.findMember(db, request.tenant.id, request.params.id), MEMBER_NOT_FOUND),
  );

  app.get(
    '/municipio/membro/get-membro-by-grupo/:id',
    {
      schema: { tags, summary: 'Membros de um grupo do município', params: idParams, response: { 200: z.array(memberSchema), ...errors } },
    },
    async (request) => {
      const group = requireVisible(request.session, await repo.findGroup(db, request.tenant.id, request.params.id), GROUP_NOT_FOUND);
      return repo.listMembers(db, request.tenant.id, { grupoId: group.grupoId });
    },
  );

  app.get(
    '/municipio/membro/get-membro-by-municipio/:id',
    { schema: { tags, summary: 'Membros de um município', params: idParams, response: { 200: z.array(memberSchema), ...errors } } },
    async (request) => {
      requireMunicipality(request.session, request.params.id);
      const municipality = await repo.findMunicipality(db, request.tenant.id, request.params.id);
      if (!municipality) throw notFound('Município não encontrado.');
      return repo.listMembers(db, request.tenant.id, { municipioId: municipality.municipioId });
    },
  );

  app.get(
    '/municipio/membro/get-membros-by-nome/:name',
    {
      schema: {
        tags,
        summary: 'Membros visíveis cujo nome contém o texto (sem diferenciar acentos e maiúsculas)',
        params: z.object({ name: z.string().trim().min(1).max(200) }),
        response: { 200: z.array(memberSchema), ...errors },
      },
    },
    async (request) =>
      repo.listMembers(db, request.tenant.id, { municipioIds: visibleMunicipalityIds(request.session), nome: request.params.name }),
  );

  app.get(
    '/municipio/membro/get-by-cpf/:cpf',
    {
      schema: {
        tags,
        summary: 'Membro visível pelo CPF (com ou sem máscara)',
        params: z.object({ cpf: z.string().max(20) }),
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => {
      const cpf = normalizeMemberCpf(request.params.cpf);
      if (!cpf) throw badRequest(MEMBER_MESSAGES.cpfInvalido);
      const [member] = await repo.listMembers(db, request.tenant.id, { municipioIds: visibleMunicipalityIds(request.session), cpf });
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      return member;
    },
  );
};
