import type { Table, Transaction } from 'dexie';
import type { z } from 'zod';

/**
 * Device tables register with the engine as mutation kinds do: each entity (or feature) declares
 * its table once (name, row schema, Dexie index strings per schema version, the offline bundle key
 * it is filled from, its scopes) and src/app registers it. The engine builds the Dexie versions, the
 * bundle's store and its removal from what is registered, so it names no domain.
 *
 * Typed access: a declaration also adds its table to `DeviceTables` by declaration merging, e.g.
 *   declare module '../../offline/tables.ts' { interface DeviceTables { membros: Table<MembroRow, number> } }
 * so `db.membros` stays typed wherever the declaring file is part of the program (the whole app).
 */

/** Every cached row carries when it came from the server and whether it holds an unsent local change. */
export type SyncFields = {
  /** Epoch ms of the pull (or bundle) that wrote the row; 0 for a row only created on this device. */
  syncedAt: number;
  /** 1 while a queued mutation changed the row: pulls must leave such rows alone. */
  pending: 0 | 1;
};

/** Filled by each table declaration (declaration merging); the engine knows only its keys. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into by every table declaration
export interface DeviceTables {}

/** The name of a registered device table. */
export type DeviceTableName = keyof DeviceTables & string;

/** A stored row of table T. */
export type RowOf<T extends DeviceTableName> = DeviceTables[T] extends Table<infer R, number> ? R : never;
/** What the server sends: the row without the device's sync fields. */
export type PulledRow<T extends DeviceTableName> = Omit<RowOf<T>, keyof SyncFields>;

/** A Dexie upgrade step of one table (runs inside the version's upgrade transaction). */
export type TableUpgrade = (tx: Transaction) => Promise<void>;

/** How a table is filled by "Disponível offline" (the municipality's bundle, BundlePaths.bundle). */
export type BundleSource = {
  /** Key of the bundle that holds the table's rows (an array, or one object with `single`). */
  key: string;
  /** The key holds one row, not a list (the municipality itself). */
  single?: boolean;
  /**
   * When the bundle lacks the key (an older server): 'required' rejects the bundle, 'keep' leaves
   * the device's rows as they are, 'empty' stores an empty list (the municipality's rows go) but
   * marks no scope. Default 'required'.
   */
  whenAbsent?: 'required' | 'keep' | 'empty';
  /** Scopes (meta syncedAt keys) the bundle marks as synced when it holds the key. */
  scopes?: (municipioId: number) => string[];
};

/**
 * What opening the store needs of a table: its name, its Dexie stores per version and its upgrades.
 * Declared apart from the row schema (each entity's `stores.ts`) because the service worker opens
 * the same store and imports only this: the row schemas would bring zod and the domain's schemas
 * into the worker (40 KB) for nothing it does (issue 27 item 5).
 */
export type DeviceTableStores<Name extends string = string> = {
  name: Name;
  /**
   * The Dexie index string of each schema version in which the table was added or changed. Landed
   * versions are never edited (devices in the field hold every version): a change appends one.
   */
  versions: Readonly<Record<number, string>>;
  /** Data moves the table needs when a version is installed (e.g. rows that lived elsewhere before). */
  upgrades?: Readonly<Record<number, TableUpgrade>>;
};

/** The whole declaration, as the page registers it: the stores, the row and how the bundle fills it. */
export type DeviceTableDeclaration<Name extends string = string> = DeviceTableStores<Name> & {
  /** The row as the server sends it (zod, from src/domain): the bundle's rows are validated with it. */
  row: z.core.$ZodType;
  /** Filled by the offline bundle; every such table is indexed by municipioId. */
  bundle?: BundleSource;
};

/** A table's stores (`stores.ts`): typed by name only, as the worker's program knows no DeviceTables entry. */
export function defineDeviceStores<const Name extends string>(stores: DeviceTableStores<Name>): DeviceTableStores<Name> {
  return stores;
}

/** A table's whole declaration (`table.ts`): its stores spread in, plus the row and the bundle source. */
export function defineDeviceTable<const Name extends DeviceTableName>(
  declaration: DeviceTableDeclaration<Name>,
): DeviceTableDeclaration<Name> {
  return declaration;
}

/**
 * One registry per JavaScript realm (page or service worker), not per module instance: a module
 * evaluated again (Vite's hot reload, tests that reset modules to simulate a page load) still sees
 * the tables registered at start-up, so the store it opens has every table.
 */
const REGISTRY_KEY = Symbol.for('ce.offline.deviceTables');
const realm = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Map<string, DeviceTableStores | DeviceTableDeclaration> };
const registry = (realm[REGISTRY_KEY] ??= new Map<string, DeviceTableStores | DeviceTableDeclaration>());

/**
 * Registering the same name again replaces the declaration (module reload during development).
 * Every table must be registered before the store is first opened (src/app/offline.ts, the service
 * worker): Dexie versions are built from what is registered then. The page registers whole
 * declarations; the service worker, which never stores a bundle, only their stores.
 */
export function registerDeviceTable(declaration: DeviceTableStores | DeviceTableDeclaration): void {
  registry.set(declaration.name, declaration);
}

export function registeredTables(): Array<DeviceTableStores | DeviceTableDeclaration> {
  return [...registry.values()];
}

/** The tables the offline bundle fills, in registration order (none where only stores are registered). */
export function bundleTables(): Array<DeviceTableDeclaration & { bundle: BundleSource }> {
  return registeredTables().filter(
    (table): table is DeviceTableDeclaration & { bundle: BundleSource } => 'row' in table && table.bundle !== undefined,
  );
}

/** A schema step of the store: the stores that change at `version`, and the data moves it runs. */
export type SchemaStep = { version: number; stores: Record<string, string>; upgrades: TableUpgrade[] };

/**
 * The Dexie version steps of the given tables (the engine's own and the registered ones), in
 * version order; each step lists only what changes at that version, as Dexie expects.
 */
export function schemaSteps(tables: ReadonlyArray<Pick<DeviceTableDeclaration, 'name' | 'versions' | 'upgrades'>>): SchemaStep[] {
  const steps = new Map<number, SchemaStep>();
  const step = (version: number) => {
    let found = steps.get(version);
    if (!found) steps.set(version, (found = { version, stores: {}, upgrades: [] }));
    return found;
  };
  for (const table of tables) {
    for (const [version, stores] of Object.entries(table.versions)) step(Number(version)).stores[table.name] = stores;
    for (const [version, upgrade] of Object.entries(table.upgrades ?? {})) step(Number(version)).upgrades.push(upgrade);
  }
  return [...steps.values()].sort((a, b) => a.version - b.version);
}

/** The version in which a table first appears. */
export function firstVersionOf(table: Pick<DeviceTableDeclaration, 'versions'>): number {
  return Math.min(...Object.keys(table.versions).map(Number));
}
