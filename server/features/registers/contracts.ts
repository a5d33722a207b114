import { registers } from '../../../src/contract/registers.ts';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canManage } from '../../../src/domain/permissions.ts';
import { type ContractInput, type ContractRow, type ContractUpdate } from '../../../src/domain/register-territory.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { contrato, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict, forbidden, notFound, pgCode } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, requireOwned, type RegisterStore } from '../../lib/register.ts';
import { route } from '../../lib/endpoint.ts';

const columns = {
  contratoId: contrato.contratoId,
  usuarioId: contrato.usuarioId,
  usuarioNome: usuario.nome,
  numContrato: contrato.numContrato,
  qtdEntregasPrevistas: contrato.qtdEntregasPrevistas,
  inicio: contrato.inicio,
  fim: contrato.fim,
  ativo: contrato.ativo,
};

/** Newest first within each user: the payment process offers a user's current contract first. */
async function read(db: Db, tenantId: string, condition?: SQL): Promise<ContractRow[]> {
  const rows = await db
    .select(columns)
    .from(contrato)
    .innerJoin(usuario, eq(usuario.usuarioId, contrato.usuarioId))
    .where(scoped(contrato, tenantId, condition));
  return rows.sort((a, b) => compareText(a.usuarioNome, b.usuarioNome) || b.inicio.localeCompare(a.inicio) || a.contratoId - b.contratoId);
}

/** A contract's number is unique in the tenant: say so in its own words rather than the pattern's "com este nome". */
async function uniqueNumber<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw conflict('Já existe um contrato com este número.');
    throw error;
  }
}

const one = async (db: Db, tenantId: string, id: number) => (await read(db, tenantId, eq(contrato.contratoId, id)))[0] ?? null;

const store: RegisterStore<ContractRow, ContractInput, ContractUpdate> = {
  list: (db, tenantId) => read(db, tenantId),
  get: (db, tenantId, id) => one(db, tenantId, id),
  create: async (db, tenantId, input) => {
    const [{ id }] = await uniqueNumber(() =>
      db.insert(contrato).values(withTenant(tenantId, input)).returning({ id: contrato.contratoId }),
    );
    return (await one(db, tenantId, id))!;
  },
  update: async (db, tenantId, { contratoId, ...input }) => {
    const updated = await uniqueNumber(() =>
      db
        .update(contrato)
        .set(input)
        .where(scoped(contrato, tenantId, eq(contrato.contratoId, contratoId)))
        .returning({ id: contrato.contratoId }),
    );
    return updated.length > 0 ? one(db, tenantId, contratoId) : null;
  },
  remove: async (db, tenantId, id) =>
    (
      await db
        .delete(contrato)
        .where(scoped(contrato, tenantId, eq(contrato.contratoId, id)))
        .returning({ id: contrato.contratoId })
    ).length > 0,
};

/**
 * Spec §7 api/contratos ("list by user") and §3 "Contract … Numbers come from a per-user list": every
 * contract for managers (menuContratos), a user's own through contratos/usuario/{id}, and
 * ativoInativo/{id} to activate or inactivate one.
 */
export function contractRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.contracts,
    visibility: 'tenant',
    store,
    validate: (db, tenantId, input) => requireOwned(db, tenantId, usuario, usuario.usuarioId, [input.usuarioId], 'Usuário não encontrado.'),
  });

  route(app, registers.contracts.ofUser, ({ session, tenantId, params: { id } }) => {
    if (id !== session.usuario.usuarioId && !canManage(session, 'menuContratos')) throw forbidden();
    return read(app.db, tenantId, eq(contrato.usuarioId, id));
  });

  route(app, registers.contracts.setActive, async ({ tenantId, params: { id }, body }) => {
    const current = await one(app.db, tenantId, id);
    if (!current) throw notFound(registerMessages.notFound(registers.contracts.noun));
    const ativo = body?.ativo ?? !current.ativo;
    await app.db
      .update(contrato)
      .set({ ativo })
      .where(scoped(contrato, tenantId, eq(contrato.contratoId, id)));
    return { ...current, ativo };
  });
}
