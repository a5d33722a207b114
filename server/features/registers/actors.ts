import { registers } from '../../../src/contract/registers.ts';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { canSeeMunicipality } from '../../../src/domain/permissions.ts';
import type { actorUpdateSchema } from '../../../src/domain/register-territory.ts';
import { type ActorInput, type ActorRow } from '../../../src/domain/register-territory.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { ator, municipio } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { registerRoutes, type RegisterStore } from '../../lib/register.ts';
import { municipalityVisibility, requireTenantMunicipality } from './municipality-scope.ts';

const columns = {
  atorId: ator.atorId,
  municipioId: ator.municipioId,
  municipioNome: municipio.nome,
  nome: ator.nome,
  segmento: ator.segmento,
  contato: ator.contato,
};

async function read(db: Db, tenantId: string, condition?: SQL): Promise<ActorRow[]> {
  const rows = await db
    .select(columns)
    .from(ator)
    .innerJoin(municipio, eq(municipio.municipioId, ator.municipioId))
    .where(scoped(ator, tenantId, condition));
  return rows.sort((a, b) => compareText(a.municipioNome, b.municipioNome) || compareText(a.nome, b.nome) || a.atorId - b.atorId);
}

const one = async (db: Db, tenantId: string, id: number) => (await read(db, tenantId, eq(ator.atorId, id)))[0] ?? null;

const store: RegisterStore<ActorRow, ActorInput, z.infer<typeof actorUpdateSchema>> = {
  list: (db, tenantId) => read(db, tenantId),
  get: (db, tenantId, id) => one(db, tenantId, id),
  create: async (db, tenantId, input) => {
    const [{ id }] = await db.insert(ator).values(withTenant(tenantId, input)).returning({ id: ator.atorId });
    return (await one(db, tenantId, id))!;
  },
  update: async (db, tenantId, { atorId, ...input }) => {
    const updated = await db
      .update(ator)
      .set(input)
      .where(scoped(ator, tenantId, eq(ator.atorId, atorId)))
      .returning({ id: ator.atorId });
    return updated.length > 0 ? one(db, tenantId, atorId) : null;
  },
  remove: async (db, tenantId, id) =>
    (
      await db
        .delete(ator)
        .where(scoped(ator, tenantId, eq(ator.atorId, id)))
        .returning({ id: ator.atorId })
    ).length > 0,
};

/**
 * Spec §7 api/atores: the local actors of a municipality's development (who takes part besides the
 * committee), screen /atores. Everyone reads the actors of the municipalities they see; writing is
 * the rule of every register of spec §7 "Questions and registers" without a menu item of its own
 * (statuses, brackets): Gestão de Cadastros (menuGestaoCadastros), not Gestão de Municípios, which
 * consultants and analysts hold to reach their meetings (docs/notes/25-reg.md).
 */
export function actorRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.actors,
    store,
    visibility: municipalityVisibility(({ atorId }: z.infer<typeof actorUpdateSchema>) => atorId),
    validate: (db, tenantId, input) => requireTenantMunicipality(db, tenantId, input.municipioId),
  });

  route(app, registers.actors.ofMunicipality, ({ session, tenantId, params: { id } }) => {
    if (!canSeeMunicipality(session, id)) throw forbidden();
    return read(app.db, tenantId, eq(ator.municipioId, id));
  });
}
