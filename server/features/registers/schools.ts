import { registers } from '../../../src/contract/registers.ts';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { schoolUpdateSchema } from '../../../src/domain/register-territory.ts';
import { type SchoolInput, type SchoolRow } from '../../../src/domain/register-territory.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { municipio, municipioEscola } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { registerRoutes, type RegisterStore } from '../../lib/register.ts';
import { municipalityVisibility, requireTenantMunicipality } from './municipality-scope.ts';
import type { z } from 'zod';

const columns = {
  municipioEscolaId: municipioEscola.municipioEscolaId,
  municipioId: municipioEscola.municipioId,
  municipioNome: municipio.nome,
  nome: municipioEscola.nome,
  codigoInep: municipioEscola.codigoInep,
  quantidadeAlunos: municipioEscola.quantidadeAlunos,
  quantidadeProfessores: municipioEscola.quantidadeProfessores,
};

async function read(db: Db, tenantId: string, condition?: SQL): Promise<SchoolRow[]> {
  const rows = await db
    .select(columns)
    .from(municipioEscola)
    .innerJoin(municipio, eq(municipio.municipioId, municipioEscola.municipioId))
    .where(scoped(municipioEscola, tenantId, condition));
  return rows.sort(
    (a, b) => compareText(a.municipioNome, b.municipioNome) || compareText(a.nome, b.nome) || a.municipioEscolaId - b.municipioEscolaId,
  );
}

const one = async (db: Db, tenantId: string, id: number) =>
  (await read(db, tenantId, eq(municipioEscola.municipioEscolaId, id)))[0] ?? null;

const store: RegisterStore<SchoolRow, SchoolInput, z.infer<typeof schoolUpdateSchema>> = {
  list: (db, tenantId) => read(db, tenantId),
  get: (db, tenantId, id) => one(db, tenantId, id),
  create: async (db, tenantId, input) => {
    const [{ id }] = await db
      .insert(municipioEscola)
      .values(withTenant(tenantId, input))
      .returning({ id: municipioEscola.municipioEscolaId });
    return (await one(db, tenantId, id))!;
  },
  update: async (db, tenantId, { municipioEscolaId, ...input }) => {
    const updated = await db
      .update(municipioEscola)
      .set(input)
      .where(scoped(municipioEscola, tenantId, eq(municipioEscola.municipioEscolaId, municipioEscolaId)))
      .returning({ id: municipioEscola.municipioEscolaId });
    return updated.length > 0 ? one(db, tenantId, municipioEscolaId) : null;
  },
  remove: async (db, tenantId, id) =>
    (
      await db
        .delete(municipioEscola)
        .where(scoped(municipioEscola, tenantId, eq(municipioEscola.municipioEscolaId, id)))
        .returning({ id: municipioEscola.municipioEscolaId })
    ).length > 0,
};

/** Spec §7 api/municipio-escola: the schools of a municipality (Educação Empreendedora, /municipio-escola). */
export function schoolRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.schools,
    store,
    visibility: municipalityVisibility(({ municipioEscolaId }: z.infer<typeof schoolUpdateSchema>) => municipioEscolaId),
    validate: (db, tenantId, input) => requireTenantMunicipality(db, tenantId, input.municipioId),
  });
}
