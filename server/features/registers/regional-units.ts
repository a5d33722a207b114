import { registers } from '../../../src/contract/registers.ts';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { regionalUnitUpdateSchema } from '../../../src/domain/register-territory.ts';
import { type RegionalUnitInput, type RegionalUnitMunicipalities, type RegionalUnitRow } from '../../../src/domain/register-territory.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { municipio, unidadeRegional, unidadeRegionalMunicipio } from '../../db/schema/index.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, type RegisterNoun, type RegisterStore } from '../../lib/register.ts';
import { sendXlsx, type XlsxSheet } from '../../lib/xlsx.ts';

type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const noun: RegisterNoun = { name: 'unidade regional', gender: 'f' };

/** Units (of one state, or all) with their municipalities' ids and names, by name. */
async function read(db: Conn, tenantId: string, condition?: SQL): Promise<RegionalUnitRow[]> {
  const units = await db
    .select({ unidadeRegionalId: unidadeRegional.unidadeRegionalId, uf: unidadeRegional.uf, nomeRegiao: unidadeRegional.nomeRegiao })
    .from(unidadeRegional)
    .where(scoped(unidadeRegional, tenantId, condition));
  if (units.length === 0) return [];
  const links = await db
    .select({ unidadeRegionalId: unidadeRegionalMunicipio.unidadeRegionalId, municipioId: municipio.municipioId, nome: municipio.nome })
    .from(unidadeRegionalMunicipio)
    .innerJoin(municipio, eq(municipio.municipioId, unidadeRegionalMunicipio.municipioId))
    .where(
      scoped(
        unidadeRegionalMunicipio,
        tenantId,
        inArray(
          unidadeRegionalMunicipio.unidadeRegionalId,
          units.map((u) => u.unidadeRegionalId),
        ),
      ),
    );
  links.sort((a, b) => compareText(a.nome, b.nome));
  return units
    .map((unit) => {
      const mine = links.filter((l) => l.unidadeRegionalId === unit.unidadeRegionalId);
      return { ...unit, municipioIds: mine.map((l) => l.municipioId), municipioNomes: mine.map((l) => l.nome) };
    })
    .sort((a, b) => compareText(a.uf, b.uf) || compareText(a.nomeRegiao, b.nomeRegiao) || a.unidadeRegionalId - b.unidadeRegionalId);
}

const one = async (db: Conn, tenantId: string, id: number) =>
  (await read(db, tenantId, eq(unidadeRegional.unidadeRegionalId, id)))[0] ?? null;

const store: RegisterStore<RegionalUnitRow, RegionalUnitInput, z.infer<typeof regionalUnitUpdateSchema>> = {
  list: (db, tenantId) => read(db, tenantId),
  get: (db, tenantId, id) => one(db, tenantId, id),
  create: async (db, tenantId, { nomeRegiao, uf }, request) => {
    const [{ id }] = await db
      .insert(unidadeRegional)
      .values(withTenant(tenantId, { nomeRegiao, uf: uf ?? request.tenant.uf }))
      .returning({ id: unidadeRegional.unidadeRegionalId });
    return (await one(db, tenantId, id))!;
  },
  // The state of a unit is kept: its municipalities are of that state.
  update: async (db, tenantId, { unidadeRegionalId, nomeRegiao }) => {
    const updated = await db
      .update(unidadeRegional)
      .set({ nomeRegiao })
      .where(scoped(unidadeRegional, tenantId, eq(unidadeRegional.unidadeRegionalId, unidadeRegionalId)))
      .returning({ id: unidadeRegional.unidadeRegionalId });
    return updated.length > 0 ? one(db, tenantId, unidadeRegionalId) : null;
  },
  remove: async (db, tenantId, id) => {
    const linked = await db.$count(
      unidadeRegionalMunicipio,
      scoped(unidadeRegionalMunicipio, tenantId, eq(unidadeRegionalMunicipio.unidadeRegionalId, id)),
    );
    if (linked > 0) throw conflict('Não é possível excluir a unidade regional: há municípios vinculados a ela.');
    return (
      (
        await db
          .delete(unidadeRegional)
          .where(scoped(unidadeRegional, tenantId, eq(unidadeRegional.unidadeRegionalId, id)))
          .returning({ id: unidadeRegional.unidadeRegionalId })
      ).length > 0
    );
  },
};

/**
 * The unit's municipalities become exactly `municipioIds`. A municipality belongs to one unit (the
 * table's key), so one chosen here leaves the unit it was in. Only municipalities of the unit's state.
 */
async function setMunicipalities(
  db: Db,
  request: FastifyRequest,
  tenantId: string,
  { unidadeRegionalId, municipioIds }: RegionalUnitMunicipalities,
) {
  const unit = await one(db, tenantId, unidadeRegionalId);
  if (!unit) throw notFound(registerMessages.notFound(noun));
  if (municipioIds.length > 0) {
    const found = await db
      .select({ id: municipio.municipioId, uf: municipio.uf })
      .from(municipio)
      .where(scoped(municipio, tenantId, inArray(municipio.municipioId, municipioIds)));
    if (found.length !== municipioIds.length) throw badRequest('Município não encontrado.');
    if (found.some((m) => m.uf !== unit.uf)) throw badRequest(`Escolha apenas municípios de ${unit.uf}.`);
  }
  return withCommand(request, async (tx) => {
    await tx
      .delete(unidadeRegionalMunicipio)
      .where(scoped(unidadeRegionalMunicipio, tenantId, eq(unidadeRegionalMunicipio.unidadeRegionalId, unidadeRegionalId)));
    if (municipioIds.length > 0)
      await tx
        .insert(unidadeRegionalMunicipio)
        .values(municipioIds.map((municipioId) => withTenant(tenantId, { municipioId, unidadeRegionalId })))
        .onConflictDoUpdate({ target: unidadeRegionalMunicipio.municipioId, set: { unidadeRegionalId } });
    return (await one(tx, tenantId, unidadeRegionalId))!;
  });
}

/** The tenant state's units and municipalities, one line per municipality (a unit without any: one line). */
async function workbook(db: Db, tenantId: string, uf: string): Promise<XlsxSheet[]> {
  const units = await read(db, tenantId, eq(unidadeRegional.uf, uf));
  const unassigned = await db
    .select({ nome: municipio.nome })
    .from(municipio)
    .leftJoin(unidadeRegionalMunicipio, eq(unidadeRegionalMunicipio.municipioId, municipio.municipioId))
    .where(scoped(municipio, tenantId, eq(municipio.uf, uf)))
    .orderBy(asc(municipio.nome));
  const assigned = new Set(units.flatMap((u) => u.municipioNomes));
  const rows = [
    ...units.flatMap((u) =>
      u.municipioNomes.length === 0
        ? [{ uf: u.uf, unidade: u.nomeRegiao, municipio: '' }]
        : u.municipioNomes.map((nome) => ({ uf: u.uf, unidade: u.nomeRegiao, municipio: nome })),
    ),
    ...unassigned.filter((m) => !assigned.has(m.nome)).map((m) => ({ uf, unidade: 'Sem unidade regional', municipio: m.nome })),
  ];
  return [
    {
      name: 'Unidades Regionais',
      columns: [
        { key: 'uf', header: 'UF', type: 'text', width: 8 },
        { key: 'unidade', header: 'Unidade Regional', type: 'text', width: 36 },
        { key: 'municipio', header: 'Município', type: 'text', width: 36 },
      ],
      rows,
    },
  ];
}

/** Spec §7 api/UnidadeRegional: /ur's units by state, their municipalities and the xlsx of the tenant's state. */
export function regionalUnitRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.regionalUnits,
    visibility: 'tenant',
    store,
  });

  route(app, registers.regionalUnits.ofState, ({ tenantId, params: { uf } }) => read(app.db, tenantId, eq(unidadeRegional.uf, uf)));

  route(app, registers.regionalUnits.setMunicipalities, ({ request, tenantId, body }) =>
    setMunicipalities(app.db, request, tenantId, body),
  );

  route(app, registers.regionalUnits.spreadsheet, async ({ request, reply, tenantId }) => {
    const sheets = await workbook(app.db, tenantId, request.tenant.uf);
    return sendXlsx(reply, `unidades-regionais-${request.tenant.uf}.xlsx`, sheets);
  });
}
