import { z } from 'zod';
import type { Table } from 'dexie';
import type { OfflineDb, SyncFields } from '../db.ts';
import { defineMutationKind, registerMutationKind } from '../kinds.ts';

/**
 * Test-only mutation kinds over FakeApi's "items": create (with a temp id), update, and attach
 * files. Local rows live in the relatorios table, read through a test shape of their own: the
 * engine does not care which table a kind writes.
 */

type ItemRow = { relatorioId: number; municipioId: number; entity?: string; text?: string } & SyncFields;

function items(db: OfflineDb): Table<ItemRow, number> {
  return db.table<ItemRow, number>('relatorios');
}

const op = z.string().min(1);

async function refreshPending(db: OfflineDb, itemId: number): Promise<void> {
  const open = await db.outbox
    .where('entityKey')
    .equals(`item:${itemId}`)
    .filter((e) => e.status !== 'done')
    .count();
  await items(db).update(itemId, { pending: open > 0 ? 1 : 0 });
}

export const itemCreate = registerMutationKind(
  defineMutationKind({
    name: 'test-item-create',
    title: 'Novo item',
    schema: z.object({ op, entity: z.string(), text: z.string(), invalid: z.boolean() }),
    label: (p) => `Item ${p.entity}`,
    entityKey: (_p, tempId) => `item:${tempId}`,
    toRequest: (p) => ({ method: 'POST', path: 'items', json: p }),
    creates: true,
    serverIdField: 'id',
    async applyLocal(db, p, { tempId }) {
      await items(db).put({ relatorioId: tempId!, municipioId: 1, entity: p.entity, text: p.text, syncedAt: 0, pending: 1 });
    },
    async reconcile(db, entry, _response, { serverId }) {
      const row = await items(db).get(entry.tempId!);
      if (!row || serverId === null) return;
      await items(db).delete(entry.tempId!);
      await items(db).put({ ...row, relatorioId: serverId, syncedAt: Date.now() });
      await refreshPending(db, serverId);
    },
    async revertLocal(db, entry) {
      await items(db).delete(entry.tempId!);
    },
  }),
);

export const itemUpdate = registerMutationKind(
  defineMutationKind({
    name: 'test-item-update',
    title: 'Alteração de item',
    schema: z.object({ op, itemId: z.number().int(), text: z.string(), invalid: z.boolean() }),
    label: (p) => `Alteração ${p.op}`,
    entityKey: (p) => `item:${p.itemId}`,
    toRequest: (p) => ({ method: 'PUT', path: `items/${p.itemId}`, json: { op: p.op, text: p.text, invalid: p.invalid } }),
    async applyLocal(db, p) {
      await items(db).update(p.itemId, { text: p.text, pending: 1 });
    },
    async reconcile(db, entry) {
      await refreshPending(db, entry.payload.itemId);
    },
    async revertLocal(db, entry) {
      await refreshPending(db, entry.payload.itemId);
    },
  }),
);

/** An update whose kind settles a 409 itself: it reads the server's item and keeps that text. */
export const itemSettledUpdate = registerMutationKind(
  defineMutationKind({
    name: 'test-item-settled-update',
    title: 'Alteração de item',
    schema: z.object({ op, itemId: z.number().int(), text: z.string(), invalid: z.boolean() }),
    label: (p) => `Alteração ${p.op}`,
    entityKey: (p) => `item:${p.itemId}`,
    toRequest: (p) => ({ method: 'PUT', path: `items/${p.itemId}`, json: { op: p.op, text: p.text, invalid: p.invalid } }),
    async applyLocal(db, p) {
      await items(db).update(p.itemId, { text: p.text, pending: 1 });
    },
    async onRejected(db, entry, rejection, { get }) {
      if (rejection.status !== 409) return false;
      const server = z.object({ text: z.string() }).parse(await get(`items/${entry.payload.itemId}`));
      await items(db).update(entry.payload.itemId, { text: `${server.text} (recusado: ${rejection.message})` });
      return true;
    },
    async reconcile(db, entry) {
      await refreshPending(db, entry.payload.itemId);
    },
  }),
);

export const itemAttach = registerMutationKind(
  defineMutationKind({
    name: 'test-item-attach',
    title: 'Anexo de item',
    schema: z.object({ op, itemId: z.number().int(), invalid: z.boolean() }),
    label: (p) => `Anexo ${p.op}`,
    entityKey: (p) => `item:${p.itemId}`,
    toRequest: (p) => ({
      method: 'POST',
      path: `items/${p.itemId}/anexos`,
      json: { op: p.op, invalid: p.invalid },
      filesField: 'arquivos',
    }),
    files: 'anexo',
    async reconcile(db, entry) {
      await refreshPending(db, entry.payload.itemId);
    },
    async revertLocal(db, entry) {
      await refreshPending(db, entry.payload.itemId);
    },
  }),
);

/**
 * A new item that names another one (a field report naming a guest registered offline): its own
 * record, so its entity key is not the named item's; it can only be sent once the named item has a
 * server id, which only `dependsOn` (the creator of the temp id it names) guarantees.
 */
export const itemLink = registerMutationKind(
  defineMutationKind({
    name: 'test-item-link',
    title: 'Novo item ligado',
    schema: z.object({ op, entity: z.string(), linkedItemId: z.number().int(), invalid: z.boolean() }),
    label: (p) => `Item ${p.entity}`,
    entityKey: (_p, tempId) => `item:${tempId}`,
    toRequest: (p) => ({ method: 'POST', path: 'items', json: { ...p, text: '' } }),
    creates: true,
    serverIdField: 'id',
    async applyLocal(db, p, { tempId }) {
      await items(db).put({ relatorioId: tempId!, municipioId: 1, entity: p.entity, text: '', syncedAt: 0, pending: 1 });
    },
    async reconcile(db, entry, _response, { serverId }) {
      const row = await items(db).get(entry.tempId!);
      if (!row || serverId === null) return;
      await items(db).delete(entry.tempId!);
      await items(db).put({ ...row, relatorioId: serverId, syncedAt: Date.now() });
    },
    async revertLocal(db, entry) {
      await items(db).delete(entry.tempId!);
    },
  }),
);

/** Every reconcile of itemBatchedUpdate (the entry it ran for and the answer it read), for tests to count. */
export const reconciled: { op: string; response: unknown }[] = [];

type BatchedUpdate = { op: string; itemId: number; text: string; invalid: boolean };

/** An update whose queued entries of one item travel together (kind `batch`), at most 4 per request. */
export const itemBatchedUpdate = registerMutationKind(
  defineMutationKind<BatchedUpdate>({
    name: 'test-item-batched-update',
    title: 'Alteração de item',
    schema: z.object({ op, itemId: z.number().int(), text: z.string(), invalid: z.boolean() }),
    label: (p) => `Alteração ${p.op}`,
    entityKey: (p) => `item:${p.itemId}`,
    toRequest: (p) => ({ method: 'PUT', path: `items/${p.itemId}/lote`, json: { ops: [{ op: p.op, text: p.text, invalid: p.invalid }] } }),
    batch: {
      key: (p) => `item:${p.itemId}`,
      max: 4,
      toRequest: (ps) => ({
        method: 'PUT',
        path: `items/${ps[0]!.itemId}/lote`,
        json: { ops: ps.map((p) => ({ op: p.op, text: p.text, invalid: p.invalid })) },
      }),
    },
    async applyLocal(db, p) {
      await items(db).update(p.itemId, { text: p.text, pending: 1 });
    },
    async reconcile(db, entry, response) {
      reconciled.push({ op: entry.payload.op, response });
      await refreshPending(db, entry.payload.itemId);
    },
  }),
);
