import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  ADMIN_GROUP_NAME,
  cpfSchema,
  emailSchema,
  enableUserSchema,
  idTextSchema,
  permissionCreateSchema,
  permissionListQuerySchema,
  roleHolderSchema,
  userDetailSchema,
  userFilterSchema,
  userInputSchema,
  userListItemSchema,
  userListQuerySchema,
  userPermissionSchema,
  userSummarySchema,
  userUpdateSchema,
  type UserInput,
  type UserListItem,
} from '../../../src/domain/users.ts';
import { requireAdmin, requireFlag, requireFullAdmin, requireMunicipality } from '../../lib/access.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { municipalityExists } from '../municipalities/read.ts';
import * as repo from './repository.ts';
import { idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const USER_NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail.';

/** Users and their per-municipality permissions are managed by admins or by holders of the Usuários menu. */
function requireUserManager(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) requireFlag(ctx, 'menuUsuarios');
}

/** The municipalities whose people a caller may see listed: all, or those they hold a permission in. */
function visibleMunicipalities(ctx: PermissionContext): 'all' | ReadonlySet<number> {
  return seesAllMunicipalities(ctx) ? 'all' : permittedMunicipalityIds(ctx.usuario);
}

/**
 * Who may touch an existing account: only the built-in administrator edits the built-in administrator,
 * and only admins edit admins, so a holder of the Usuários menu cannot take over a stronger account.
 */
function requireMayEdit(ctx: PermissionContext, target: UserListItem): void {
  if (target.administradorSistema) requireFullAdmin(ctx);
  if (target.grupoNome === ADMIN_GROUP_NAME) requireAdmin(ctx);
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function loadTarget(tenantId: string, usuarioId: number): Promise<UserListItem> {
    const target = await repo.getUser(db, tenantId, usuarioId);
    if (!target) throw notFound(USER_NOT_FOUND);
    return target;
  }

  /** Rules on what the payload grants and whom it names, shared by create and update. */
  async function checkInput(ctx: PermissionContext, tenantId: string, input: UserInput, usuarioId?: number): Promise<void> {
    if (input.administradorSistema) requireFullAdmin(ctx);
    // Login matches e-mails ignoring case, while the unique index does not: older rows may differ in case only.
    const sameEmail = await repo.findUserBy(db, tenantId, { email: input.email });
    if (sameEmail && sameEmail.usuarioId !== usuarioId) throw conflict(EMAIL_TAKEN);
    if (input.grupoId) {
      const nome = await repo.groupName(db, tenantId, input.grupoId);
      if (nome === undefined) throw badRequest('Grupo de usuário não encontrado.');
      if (nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
    }
    const foreign = await repo.findForeignReference(db, tenantId, {
      municipioIds: [...(input.permissoes ?? []), ...(input.permissoesSolucoes ?? [])].map((p) => p.municipioId),
      eixoIds: (input.permissoes ?? []).flatMap((p) => (p.eixoId ? [p.eixoId] : [])),
    });
    if (foreign === 'municipio') throw badRequest('Município não encontrado.');
    if (foreign === 'eixo') throw badRequest('Eixo não encontrado.');
  }

  const create = async (ctx: PermissionContext, tenantId: string, input: UserInput) => {
    requireUserManager(ctx);
    await checkInput(ctx, tenantId, input);
    const usuarioId = await repo.createUser(db, tenantId, input);
    return (await repo.getUserDetail(db, tenantId, usuarioId))!;
  };

  const update = async (ctx: PermissionContext, tenantId: string, { usuarioId, ...input }: z.infer<typeof userUpdateSchema>) => {
    requireUserManager(ctx);
    const target = await loadTarget(tenantId, usuarioId);
    requireMayEdit(ctx, target);
    if (usuarioId === ctx.usuario.usuarioId) {
      if (input.habilitado === false) throw badRequest('Você não pode desabilitar o próprio usuário.');
      if (target.administradorSistema && input.administradorSistema === false) {
        throw badRequest('Você não pode remover o próprio acesso de administrador do sistema.');
      }
    }
    await checkInput(ctx, tenantId, input, usuarioId);
    await repo.updateUser(db, tenantId, usuarioId, input);
    return (await repo.getUserDetail(db, tenantId, usuarioId))!;
  };

  app.post(
    '/usuario/cadastrar-usuario',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Cadastra um usuário, sem senha: ele a cria pelo primeiro acesso',
        body: userInputSchema,
        response: { 201: userDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await create(request.session, request.tenant.id, request.body)),
  );

  for (const url of ['/usuario', '/usuario/atualizar-usuario']) {
    app.put(
      url,
      {
        schema: {
          tags: ['usuario'],
          summary: 'Atualiza um usuário; listas de permissões enviadas substituem as atuais',
          body: userUpdateSchema,
          response: { 200: userDetailSchema, ...errors },
        },
      },
      async (request) => update(request.session, request.tenant.id, request.body),
    );
  }

  app.delete(
    '/usuario/:id',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Exclui (desabilita) um usuário',
        description:
          'Exclusão lógica: o usuário é desabilitado e não entra mais, mas relatórios, evidências e encontros continuam com o autor. ' +
          'Para reativá-lo use habilitar-desabilitar-usuario.',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      requireUserManager(ctx);
      const target = await loadTarget(request.tenant.id, request.params.id);
      requireMayEdit(ctx, target);
      if (target.administradorSistema) throw conflict('O administrador do sistema não pode ser excluído.');
      if (target.usuarioId === ctx.usuario.usuarioId) throw conflict('Você não pode excluir o próprio usuário.');
      await repo.setEnabled(db, request.tenant.id, target.usuarioId, false);
      return { message: 'Usuário excluído (desabilitado).' };
    },
  );

  app.post(
    '/usuario/habilitar-desabilitar-usuario',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Habilita ou desabilita um usuário',
        body: enableUserSchema,
        response: { 200: userListItemSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      requireUserManager(ctx);
      const target = await loadTarget(request.tenant.id, request.body.usuarioId);
      requireMayEdit(ctx, target);
      if (!request.body.habilitado && target.usuarioId === ctx.usuario.usuarioId) {
        throw badRequest('Você não pode desabilitar o próprio usuário.');
      }
      await repo.setEnabled(db, request.tenant.id, target.usuarioId, request.body.habilitado);
      return { ...target, habilitado: request.body.habilitado };
    },
  );

  app.get(
    '/usuario',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Lista os usuários, com filtros',
        querystring: userListQuerySchema,
        response: { 200: z.array(userListItemSchema), ...errors },
      },
    },
    async (request) => {
      requireUserManager(request.session);
      return repo.listUsers(db, request.tenant.id, request.query);
    },
  );

  app.post(
    '/usuario/get-by-filtro',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Lista os usuários por nome, e-mail, grupo, município e situação',
        body: userFilterSchema,
        response: { 200: z.array(userListItemSchema), ...errors },
      },
    },
    async (request) => {
      requireUserManager(request.session);
      return repo.listUsers(db, request.tenant.id, request.body);
    },
  );

  app.get(
    '/usuario/consultores',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Consultores (condutores e especialistas) habilitados',
        response: { 200: z.array(roleHolderSchema), ...errors },
      },
    },
    async (request) => repo.listConsultants(db, request.tenant.id, { visible: visibleMunicipalities(request.session) }),
  );

  app.get(
    '/usuario/consultoresByMunicipio',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Consultores habilitados de um município',
        querystring: z.object({ municipioId: idTextSchema }),
        response: { 200: z.array(roleHolderSchema), ...errors },
      },
    },
    async (request) => {
      const { municipioId } = request.query;
      requireMunicipality(request.session, municipioId);
      if (!(await municipalityExists(db, request.tenant.id, municipioId))) throw notFound('Município não encontrado.');
      return repo.listConsultants(db, request.tenant.id, { municipioId, visible: visibleMunicipalities(request.session) });
    },
  );

  app.get(
    '/usuario/ads',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Usuários habilitados com o papel AD',
        querystring: z.object({ municipioId: idTextSchema.optional() }),
        response: { 200: z.array(roleHolderSchema), ...errors },
      },
    },
    async (request) => {
      const { municipioId } = request.query;
      if (municipioId) requireMunicipality(request.session, municipioId);
      return repo.listRoleHolders(db, request.tenant.id, ['AD'], { municipioId, visible: visibleMunicipalities(request.session) });
    },
  );

  app.get(
    '/usuario/find-user/:texto',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Busca usuários por parte do nome ou do e-mail',
        params: z.object({ texto: z.string().trim().min(1, 'Informe o nome ou o e-mail').max(200, 'Texto de busca longo demais') }),
        response: { 200: z.array(userSummarySchema), ...errors },
      },
    },
    async (request) => {
      // The same people data as the user list, so the same rule.
      requireUserManager(request.session);
      return repo.findUsers(db, request.tenant.id, request.params.texto);
    },
  );

  app.get(
    '/usuario/find-user-by-email/:email',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Usuário pelo e-mail',
        params: z.object({ email: emailSchema }),
        response: { 200: userSummarySchema, ...errors },
      },
    },
    async (request) => {
      requireUserManager(request.session);
      const user = await repo.findUserBy(db, request.tenant.id, { email: request.params.email });
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  app.get(
    '/usuario/get-by-cpf/:cpf',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Usuário pelo CPF (com ou sem máscara)',
        params: z.object({ cpf: cpfSchema }),
        response: { 200: userListItemSchema, ...errors },
      },
    },
    async (request) => {
      // A CPF names a person: only those who manage users may resolve one.
      requireUserManager(request.session);
      const user = await repo.findUserBy(db, request.tenant.id, { cpf: request.params.cpf });
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  app.get(
    '/usuario/:id',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Usuário com suas permissões',
        params: idParams,
        response: { 200: userDetailSchema, ...errors },
      },
    },
    async (request) => {
      requireUserManager(request.session);
      const user = await repo.getUserDetail(db, request.tenant.id, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  // ------------------------------------------------------------ per-municipality roles

  app.get(
    '/usuario/permissao',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Permissões por município de um usuário',
        querystring: permissionListQuerySchema,
        response: { 200: z.array(userPermissionSchema), ...errors },
      },
    },
    async (request) => {
      requireUserManager(request.session);
      const target = await loadTarget(request.tenant.id, request.query.usuarioId);
      return repo.listPermissions(db, request.tenant.id, target.usuarioId);
    },
  );

  app.post(
    '/usuario/permissao',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Atribui um papel a um usuário em um município (e eixo)',
        body: permissionCreateSchema,
        response: { 201: userPermissionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { usuarioId, ...permission } = request.body;
      requireUserManager(ctx);
      requireMayEdit(ctx, await loadTarget(tenantId, usuarioId));
      const foreign = await repo.findForeignReference(db, tenantId, {
        municipioIds: [permission.municipioId],
        eixoIds: permission.eixoId ? [permission.eixoId] : [],
      });
      if (foreign === 'municipio') throw badRequest('Município não encontrado.');
      if (foreign === 'eixo') throw badRequest('Eixo não encontrado.');
      if (await repo.permissionExists(db, tenantId, usuarioId, permission)) {
        throw conflict('O usuário já tem esta permissão neste município.');
      }
      return reply.status(201).send(await repo.addPermission(db, tenantId, usuarioId, permission));
    },
  );

  app.delete(
    '/usuario/permissao/:id',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Remove uma permissão por município',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      requireUserManager(ctx);
      const permission = await repo.getPermission(db, tenantId, request.params.id);
      if (!permission) throw notFound('Permissão não encontrada.');
      requireMayEdit(ctx, await loadTarget(tenantId, permission.usuarioId));
      await repo.deletePermission(db, tenantId, permission.id);
      return { message: 'Permissão removida.' };
    },
  );
};
