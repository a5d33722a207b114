import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { members } from '../../../src/contract/members.ts';
import { MEMBER_MESSAGES, normalizeMemberCpf } from '../../../src/domain/members.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { MEMBER_NOT_FOUND, registerMemberRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** Municipality ids whose members the user sees; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/**
 * Members (spec §7 api/municipio/membro), declared in src/contract/members.ts: access (the
 * municipality or the member, through registerMemberRecords) is decided before the body is
 * validated; the writes are commands (commands.ts).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerMemberRecords();

  route(app, members.create, async ({ request, reply, tenantId, municipality, body }) => {
    const member = await withCommand(request, (tx) => commands.create(tx, tenantId, municipality.uf, body));
    return reply.status(201).send(member);
  });

  route(app, members.update, async ({ request, tenantId, municipality, record, body }) =>
    withCommand(request, (tx) => commands.update(tx, tenantId, municipality.uf, record, body)),
  );

  route(app, members.updatePhoto, async ({ tenantId, record, body }) => commands.updatePhoto(db, tenantId, record, body.imagemMembro));

  route(app, members.remove, async ({ reply, tenantId, record }) => {
    await repo.deleteMember(db, tenantId, record.membroId);
    return reply.status(204).send(null);
  });

  route(app, members.list, async ({ tenantId, session }) =>
    repo.listMembers(db, tenantId, { municipioIds: visibleMunicipalityIds(session) }),
  );

  route(app, members.get, async ({ record }) => record);

  route(app, members.ofGroup, async ({ tenantId, record }) => repo.listMembers(db, tenantId, { grupoId: record.grupoId }));

  route(app, members.ofMunicipality, async ({ tenantId, municipality }) =>
    repo.listMembers(db, tenantId, { municipioId: municipality.municipioId }),
  );

  route(app, members.byName, async ({ tenantId, session, params }) =>
    repo.listMembers(db, tenantId, { municipioIds: visibleMunicipalityIds(session), nome: params.name }),
  );

  route(app, members.byCpf, async ({ tenantId, session, params }) => {
    const cpf = normalizeMemberCpf(params.cpf);
    if (!cpf) throw badRequest(MEMBER_MESSAGES.cpfInvalido);
    const [member] = await repo.listMembers(db, tenantId, { municipioIds: visibleMunicipalityIds(session), cpf });
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    return member;
  });
};
