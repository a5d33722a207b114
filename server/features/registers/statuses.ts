import { registers } from '../../../src/contract/registers.ts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permittedMunicipalityIds, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import { type ContractStatusRow, type StatusRow } from '../../../src/domain/register-statuses.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { municipio, status, statusContrato } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, type RegisterStore } from '../../lib/register.ts';
import { progressByMunicipality } from '../municipality-solutions/read.ts';

/**
 * Spec §7 api/Status and api/StatusContrato: CRUD, get-nomes and relatorio-tarefa/{id}. Both are
 * one name per row that municipalities point at; each row says how many municipalities use it, so
 * the list shows why a delete is refused (409) before it is tried.
 */

type Kind = {
  table: typeof status | typeof statusContrato;
  id: typeof status.statusId | typeof statusContrato.statusContratoId;
  name: typeof status.statusNome | typeof statusContrato.nome;
  /** The municipality column that points at it. */
  ref: typeof municipio.statusId | typeof municipio.statusContratoId;
  /** SQL names for the count of municipalities (a correlated subquery needs them qualified). */
  sqlNames: { table: string; id: string; ref: string };
};

function statusStore<Row extends { municipios: number }>(
  k: Kind,
  keys: { id: string; name: string },
): RegisterStore<Row, Record<string, unknown>, Record<string, unknown>> {
  const n = k.sqlNames;
  const used = sql<number>`(select count(*)::int from municipio m where m.${sql.identifier(n.ref)} = ${sql.identifier(n.table)}.${sql.identifier(n.id)})`;
  const read = async (db: Db, tenantId: string, condition?: SQL): Promise<Row[]> => {
    const rows = await db
      .select({ [keys.id]: k.id, [keys.name]: k.name, municipios: used } as never)
      .from(k.table)
      .where(scoped(k.table, tenantId, condition));
    return (rows as unknown as Row[]).sort((a, b) => compareText(String(a[keys.name as keyof Row]), String(b[keys.name as keyof Row])));
  };
  const table = k.table as typeof status;
  return {
    list: (db, tenantId) => read(db, tenantId),
    get: async (db, tenantId, id) => (await read(db, tenantId, eq(k.id, id)))[0] ?? null,
    create: async (db, tenantId, input) => {
      const [row] = await db
        .insert(table)
        .values(withTenant(tenantId, { [keys.name]: input[keys.name] }) as never)
        .returning({ id: k.id });
      return (await read(db, tenantId, eq(k.id, row!.id)))[0]!;
    },
    update: async (db, tenantId, input) => {
      const id = input[keys.id] as number;
      const updated = await db
        .update(table)
        .set({ [keys.name]: input[keys.name] } as never)
        .where(scoped(k.table, tenantId, eq(k.id, id)))
        .returning({ id: k.id });
      return updated.length > 0 ? ((await read(db, tenantId, eq(k.id, id)))[0] ?? null) : null;
    },
    remove: async (db, tenantId, id) =>
      (
        await db
          .delete(table)
          .where(scoped(k.table, tenantId, eq(k.id, id)))
          .returning({ id: k.id })
      ).length > 0,
  };
}

const statusKind: Kind = {
  table: status,
  id: status.statusId,
  name: status.statusNome,
  ref: municipio.statusId,
  sqlNames: { table: 'status', id: 'status_id', ref: 'status_id' },
};
const contractKind: Kind = {
  table: statusContrato,
  id: statusContrato.statusContratoId,
  name: statusContrato.nome,
  ref: municipio.statusContratoId,
  sqlNames: { table: 'status_contrato', id: 'status_contrato_id', ref: 'status_contrato_id' },
};

export function statusRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.statuses,
    visibility: 'tenant',
    store: statusStore<StatusRow>(statusKind, { id: 'statusId', name: 'statusNome' }) as never,
  });
  statusExtras(app, registers.statuses, statusKind);
}

export function contractStatusRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.contractStatuses,
    visibility: 'tenant',
    store: statusStore<ContractStatusRow>(contractKind, { id: 'statusContratoId', name: 'nome' }) as never,
  });
  statusExtras(app, registers.contractStatuses, contractKind);
}

/** get-nomes and relatorio-tarefa/{id} of one status family. */
function statusExtras(app: FastifyInstance, contract: typeof registers.statuses | typeof registers.contractStatuses, k: Kind): void {
  const { db } = app;
  route(app, contract.names, async ({ tenantId }) => {
    const rows = await db.select({ nome: k.name }).from(k.table).where(scoped(k.table, tenantId));
    return rows.map((r) => r.nome).sort(compareText);
  });

  route(app, contract.taskProgress, async ({ session, tenantId, params: { id } }) => {
    const [exists] = await db
      .select({ id: k.id })
      .from(k.table)
      .where(scoped(k.table, tenantId, eq(k.id, id)));
    if (!exists) throw notFound(registerMessages.notFound(contract.noun));
    const inStatus = await db
      .select({ id: municipio.municipioId })
      .from(municipio)
      .where(scoped(municipio, tenantId, eq(k.ref, id)));
    const visible = seesAllMunicipalities(session) ? null : permittedMunicipalityIds(session.usuario);
    const allowed = inStatus.map((m) => m.id).filter((mid) => visible === null || visible.has(mid));
    if (allowed.length === 0) return [];
    return progressByMunicipality(db, tenantId, {}, allowed);
  });
}
