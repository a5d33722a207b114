import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EndpointSpec } from '../../src/contract/endpoint.ts';
import type { RegisterNoun } from '../../src/contract/registers.ts';
import type { PermissionContext } from '../../src/domain/permissions.ts';
import { compareText } from '../../src/domain/text.ts';
import type { Db } from '../db/client.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import { route } from './endpoint.ts';
import { badRequest, conflict, notFound, pgCode } from './errors.ts';

/**
 * The register pattern on the server (issue 17): each register of spec §7 "Questions and registers"
 * is a declaration — its paths, schemas, menu flag and store — and this module mounts the same five
 * routes for all of them with the same rules:
 * - each register's five endpoints are declared in src/contract/registers.ts (registerEndpoints) and
 *   mounted from there with route(): reading needs a signed-in user (registers feed every combo);
 *   writing needs `manage` of the register's menu flag (admins, or the flag in group and
 *   configuration), else 403 before the body is read;
 * - a body that fails its schema is a 400 in pt-BR (the errors plugin);
 * - a duplicate name is a 409, and so is deleting a row that others point at (a foreign key), never a 500;
 * - every query is scoped by tenant: another tenant's id is a 404;
 * - each declaration names its `visibility` (required, so no register can forget it), and this module
 *   applies it to every operation: a row the user does not see is left out of the list and is a 404
 *   on get, update and delete, exactly like another tenant's; a body that would put a row out of the
 *   user's sight is a 400 on create and update. Stores only scope by tenant.
 */

export type { RegisterNoun };

const article = (noun: RegisterNoun) => (noun.gender === 'f' ? 'a' : 'o');
const indefinite = (noun: RegisterNoun) => (noun.gender === 'f' ? 'uma' : 'um');
const capitalized = (noun: RegisterNoun) => `${noun.name.charAt(0).toUpperCase()}${noun.name.slice(1)}`;

export const registerMessages = {
  notFound: (noun: RegisterNoun) => `${capitalized(noun)} não encontrad${article(noun)}.`,
  duplicate: (noun: RegisterNoun) => `Já existe ${indefinite(noun)} ${noun.name} com este nome.`,
  inUse: (noun: RegisterNoun) =>
    `Não é possível excluir ${article(noun)} ${noun.name}: há registros que ${noun.gender === 'f' ? 'a' : 'o'} usam.`,
};

/** Runs a write and turns the database's refusals into the API's answers (409, never a 500). */
export async function guardWrite<T>(noun: RegisterNoun, write: () => Promise<T>, kind: 'save' | 'delete' = 'save'): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = pgCode(error);
    if (code === '23505') throw conflict(registerMessages.duplicate(noun));
    if (code === '23503')
      throw kind === 'delete' ? conflict(registerMessages.inUse(noun)) : badRequest('Um dos registros escolhidos não existe.');
    throw error;
  }
}

/** Whether every id names a row of this tenant; a reference to another tenant's row is refused as if it did not exist. */
async function ownsAll(
  db: Db,
  tenantId: string,
  table: PgTable & { tenantId: PgColumn },
  idColumn: PgColumn,
  ids: readonly number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  return (await db.$count(table, scoped(table, tenantId, inArray(idColumn, unique)))) === unique.length;
}

/** Refuses with a 400 a body that names a row of another tenant (or none), before anything is written. */
export async function requireOwned(
  db: Db,
  tenantId: string,
  table: PgTable & { tenantId: PgColumn },
  idColumn: PgColumn,
  ids: ReadonlyArray<number | null | undefined>,
  message: string,
): Promise<void> {
  const present = ids.filter((id): id is number => typeof id === 'number');
  if (!(await ownsAll(db, tenantId, table, idColumn, present))) throw badRequest(message);
}

/**
 * What a register's routes call: the register's SQL, scoped by tenant (and nothing else: who sees
 * which row is the declaration's `visibility`), returning domain rows.
 */
export type RegisterStore<Row, Create, Update> = {
  list: (db: Db, tenantId: string) => Promise<Row[]>;
  get: (db: Db, tenantId: string, id: number) => Promise<Row | null>;
  create: (db: Db, tenantId: string, input: Create, request: FastifyRequest) => Promise<Row>;
  /** null when the row is not the tenant's. */
  update: (db: Db, tenantId: string, input: Update, request: FastifyRequest) => Promise<Row | null>;
  /** false when the row is not the tenant's. */
  remove: (db: Db, tenantId: string, id: number) => Promise<boolean>;
};

type Schema<T> = z.ZodType<T>;

/**
 * Which of the tenant's rows a signed-in user sees, declared once per register:
 * - `'tenant'`: all of them (catalogues every combo reads: axes, statuses, job roles…);
 * - otherwise `sees` decides for each row (spec §6: a municipality's schools to who sees the
 *   municipality…), `keeps` for each create or update body (the row must stay in sight: else 400 with
 *   `refused`), and `idOf` names the row an update body changes, so it is checked before the write.
 */
export type RegisterVisibility<Row, Create, Update> =
  | 'tenant'
  | {
      sees: (ctx: PermissionContext, row: Row) => boolean;
      keeps: (ctx: PermissionContext, input: Create | Update) => boolean;
      refused: string;
      idOf: (input: Update) => number;
    };

/** The declared endpoints a register pattern mounts (src/contract/registers.ts registerEndpoints). */
type Contract<Row, Create, Update> = {
  noun: RegisterNoun;
  row: Schema<Row>;
  create: Schema<Create>;
  update: Schema<Update>;
  endpoints: { [K in 'list' | 'get' | 'create' | 'update' | 'remove']?: EndpointSpec };
};

export type RegisterDeclaration<Row, Create, Update> = {
  /** Paths, schemas, menu flag and access of the five routes, declared once (src/contract/registers.ts). */
  contract: Contract<Row, Create, Update>;
  store: RegisterStore<Row, Create, Update>;
  /** Who sees which rows; applied by the pattern to list, get, create, update and delete. */
  visibility: RegisterVisibility<Row, Create, Update>;
  /** Checks of a body beyond its schema (references owned by the tenant…); throws 400 with a pt-BR message. */
  validate?: (db: Db, tenantId: string, input: Create | Update, request: FastifyRequest) => Promise<void>;
};

/**
 * Mounts a register's declared routes (list, one by id, create, update, delete) with the rules above.
 * Access (signed in to read, `manage` of the menu flag to write) is the declaration's, decided by
 * route() before the body is read; visibility, references and conflicts are decided here.
 */
export function registerRoutes<Row, Create, Update>(app: FastifyInstance, d: RegisterDeclaration<Row, Create, Update>): void {
  const { db } = app;
  const { visibility } = d;
  const { noun, endpoints } = d.contract;
  const missing = () => notFound(registerMessages.notFound(noun));

  const sees = (ctx: PermissionContext, row: Row) => visibility === 'tenant' || visibility.sees(ctx, row);
  /** The row if this user sees it; null both when it is not the tenant's and when it is out of their sight. */
  const visibleRow = async (ctx: PermissionContext, tenantId: string, id: number): Promise<Row | null> => {
    const row = await d.store.get(db, tenantId, id);
    return row && sees(ctx, row) ? row : null;
  };
  const requireKept = (ctx: PermissionContext, input: Create | Update) => {
    if (visibility !== 'tenant' && !visibility.keeps(ctx, input)) throw badRequest(visibility.refused);
  };
  // The schemas are generic here, so the handlers' inputs are cast to the declaration's types; the
  // app's zod validator and serializer still check every body, param and answer against them.
  const idOf = (params: unknown) => (params as { id: number }).id;

  if (endpoints.list)
    route(app, endpoints.list, async ({ session, tenantId }) => {
      const rows = await d.store.list(db, tenantId);
      return visibility === 'tenant' ? rows : rows.filter((row) => sees(session, row));
    });

  if (endpoints.get)
    route(app, endpoints.get, async ({ session, tenantId, params }) => {
      const row = await visibleRow(session, tenantId, idOf(params));
      if (!row) throw missing();
      return row;
    });

  if (endpoints.create)
    route(app, endpoints.create, async ({ request, reply, session, tenantId, body }) => {
      const input = body as Create;
      requireKept(session, input);
      await d.validate?.(db, tenantId, input, request);
      const row = await guardWrite(noun, () => d.store.create(db, tenantId, input, request));
      return reply.status(201).send(row);
    });

  if (endpoints.update)
    route(app, endpoints.update, async ({ request, session, tenantId, body }) => {
      const input = body as Update;
      // The row as it is must be in sight (else 404, before anything else is said about it), and stay so.
      if (visibility !== 'tenant' && !(await visibleRow(session, tenantId, visibility.idOf(input)))) throw missing();
      requireKept(session, input);
      await d.validate?.(db, tenantId, input, request);
      const row = await guardWrite(noun, () => d.store.update(db, tenantId, input, request));
      if (!row) throw missing();
      return row;
    });

  if (endpoints.remove)
    route(app, endpoints.remove, async ({ reply, session, tenantId, params }) => {
      const id = idOf(params);
      if (visibility !== 'tenant' && !(await visibleRow(session, tenantId, id))) throw missing();
      const removed = await guardWrite(noun, () => d.store.remove(db, tenantId, id), 'delete');
      if (!removed) throw missing();
      return reply.status(204).send(null);
    });
}

/** A register plugin from declarations, for `app.register(...)` under `/api`. */
export function registerPlugin(...declarations: ReadonlyArray<(app: FastifyInstance) => void>): FastifyPluginAsyncZod {
  return async (app) => {
    for (const declare of declarations) declare(app);
  };
}

// ------------------------------------------------------------------ a store for one plain table

type AnyTable = PgTable & { tenantId: PgColumn };

export type TableStoreOptions<Row> = {
  table: AnyTable;
  /** The primary key column (serial). */
  id: PgColumn;
  /** The row's fields, each a column of the table (the domain row's keys). */
  columns: Record<keyof Row & string, PgColumn>;
  /** The key lists sort by (accent-insensitive); ties by id. */
  sortBy?: keyof Row & string;
  /** Extra condition of every list (e.g. one `tipo` of a shared table). */
  where?: SQL;
  /** Values every insert carries besides the input (e.g. the `tipo`). */
  fixed?: Record<string, unknown>;
};

/**
 * The store of a register kept in one table whose row is its columns: create and update write the
 * input's keys that are columns, the id comes from the update body's id key.
 */
export function tableStore<Row extends Record<string, unknown>, Create extends object, Update extends object>(
  o: TableStoreOptions<Row>,
): RegisterStore<Row, Create, Update> {
  const idKey = (Object.entries(o.columns) as Array<[string, PgColumn]>).find(([, column]) => column === o.id)?.[0];
  if (!idKey) throw new Error('tableStore: the id column must be one of the columns');
  const columnKeys = Object.keys(o.columns).filter((key) => key !== idKey);
  const pick = (input: object) =>
    Object.fromEntries(Object.entries(input).filter(([key, value]) => columnKeys.includes(key) && value !== undefined));

  // Drizzle's builders are typed per table; this store is written once for any table.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const table = o.table as any;
  const read = async (db: Db, tenantId: string, condition?: SQL): Promise<Row[]> =>
    (await db
      .select(o.columns as any)
      .from(table)
      .where(scoped(o.table, tenantId, o.where, condition))) as Row[];

  const sortKey = o.sortBy;
  const sorted = (rows: Row[]) =>
    sortKey
      ? rows.sort((a, b) => compareText(String(a[sortKey] ?? ''), String(b[sortKey] ?? '')) || Number(a[idKey]) - Number(b[idKey]))
      : rows.sort((a, b) => Number(a[idKey]) - Number(b[idKey]));

  return {
    list: async (db, tenantId) => sorted(await read(db, tenantId)),
    get: async (db, tenantId, id) => (await read(db, tenantId, eq(o.id, id)))[0] ?? null,
    create: async (db, tenantId, input) => {
      const [row] = await db
        .insert(table)
        .values(withTenant(tenantId, { ...o.fixed, ...pick(input) }))
        .returning(o.columns as any);
      return row as Row;
    },
    update: async (db, tenantId, input) => {
      const id = (input as Record<string, unknown>)[idKey] as number;
      const values = pick(input);
      const [row] = await db
        .update(table)
        .set(Object.keys(values).length > 0 ? values : { [idKey]: id })
        .where(scoped(o.table, tenantId, o.where, eq(o.id, id)))
        .returning(o.columns as any);
      return (row as Row | undefined) ?? null;
    },
    remove: async (db, tenantId, id) =>
      (
        await db
          .delete(table)
          .where(scoped(o.table, tenantId, o.where, eq(o.id, id)))
          .returning({ id: o.id })
      ).length > 0,
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
