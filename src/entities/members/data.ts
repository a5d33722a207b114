import { call } from '../../api/call.ts';
import { members as endpoints } from '../../contract/members.ts';
import { command, type CommandResult } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { memberSchema, type Member, type MemberCreateInput, type MemberUpdateInput } from '../../domain/members.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import type { MembroRow } from './table.ts';
import { memberCreateKind, memberPhotoKind } from './kinds.ts';
import { pullInto } from '../../offline/pull.ts';
import { openStore } from '../../offline/store.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { oldestSync } from '../../offline/use-local-first.ts';

/**
 * Member writes (spec §7 api/municipio/membro), shared by every screen that registers or edits a
 * member (the city's groups, the report's guests). Registration goes through the outbox and works
 * offline; edits and deletions need the network and keep the device's copy in step.
 */

/** Keeps the device's copy in step after a change made online, so the list shows it at once. */
async function storeMember(member: Member): Promise<Member> {
  const db = await openStore();
  if (db) await db.membros.put({ ...member, syncedAt: Date.now(), pending: 0 });
  return member;
}

async function sendPhoto(membroId: number, imagemMembro: string | null): Promise<Member> {
  return storeMember(await call(endpoints.updatePhoto, { body: { membroId, imagemMembro } }));
}

// Online edits (an edit needs the server's current copy); the error triage is the command's
// (src/data/command.ts). Spec §8 words every failed member save the same way, so the dialog calls
// updateMember with { inline: true } and shows that wording itself.

const updateMember = command.online({
  send: async (body: MemberUpdateInput) => storeMember(await call(endpoints.update, { body })),
  schema: memberSchema,
  failure: { message: ERROR_MESSAGES.saveMember },
});

/** `imagemMembro`: a jpg/png data URL, or null to remove the photo. */
const updateMemberPhoto = command.online({
  send: ({ membroId, imagemMembro }: { membroId: number; imagemMembro: string | null }) => sendPhoto(membroId, imagemMembro),
  schema: memberSchema,
  failure: { message: 'Não foi possível salvar a foto do membro.' },
});

const deleteMember = command.online({
  send: async (membroId: number) => {
    await call(endpoints.remove, { params: { id: membroId } });
    await (await openStore())?.membros.delete(membroId);
  },
  failure: { message: 'Não foi possível excluir o membro.' },
});

export type MemberRegistration =
  { outcome: 'sent'; member: Member | null } | { outcome: 'queued' } | { outcome: 'rejected'; message: string };

/** How long the dialog waits for an online registration before leaving it to the queue. */
const REGISTRATION_WAIT_MS = 10_000;

const queueMember = command.offline<MemberCreateInput>(memberCreateKind, { failure: { message: ERROR_MESSAGES.saveMember } });
const queuePhoto = command.offline(memberPhotoKind, { failure: { message: ERROR_MESSAGES.saveMember } });

/** No IndexedDB on this browser (some private windows): straight to the API, online only. */
const createOnline = command.online({
  send: async ({ input, photo }: { input: MemberCreateInput; photo: string | null }) => {
    const member = await call(endpoints.create, { body: input });
    return photo ? sendPhoto(member.membroId, photo) : member;
  },
  schema: memberSchema,
  failure: { message: ERROR_MESSAGES.saveMember },
});

/**
 * Registers a member through the outbox (issue 4): the member appears in the list at once, marked
 * pending, and reaches the server exactly once, now or when the device is back online. Online, the
 * dialog waits briefly for the settled outcome (`settle`) so a rejection (a phone already registered)
 * can be fixed in place: the queued items are then discarded and nothing stays behind. The photo, if
 * any, follows as its own item, sent after the registration with the server's id. Spec §8 words every
 * failed member save the same way, so the failures are answered (inline), not shown, and the dialog
 * says them.
 */
async function registerMember(input: MemberCreateInput, photo: string | null): Promise<CommandResult<MemberRegistration>> {
  // Opened now if the screen was usable before it (store.ts); null only when this browser refuses it.
  const db = await openStore();
  if (!db) {
    const created = await createOnline({ input, photo }, { inline: true });
    return created.ok ? { ok: true, data: { outcome: 'sent', member: created.data } } : created;
  }
  const queued = await queueMember(input, { municipioId: input.municipioId, inline: true });
  if (!queued.ok) return queued;
  const entry = queued.data;
  const photoQueued =
    photo && entry.tempId !== null
      ? await queuePhoto(
          { membroId: entry.tempId, imagemMembro: photo, nome: String(input.nome) },
          { municipioId: input.municipioId, inline: true },
        )
      : null;
  if (photoQueued && !photoQueued.ok) return photoQueued;
  const settled = await queueMember.settle(entry, {
    waitMs: REGISTRATION_WAIT_MS,
    alongWith: photoQueued ? [photoQueued.data] : [],
    inline: true,
  });
  if (!settled.ok) return settled.reason === 'refused' ? { ok: true, data: { outcome: 'rejected', message: settled.message } } : settled;
  if (settled.data !== 'sent') return { ok: true, data: { outcome: 'queued' } };
  const mapped = entry.tempId === null ? undefined : await db.idMap.get(entry.tempId);
  return { ok: true, data: { outcome: 'sent', member: mapped ? ((await db.membros.get(mapped.serverId)) ?? null) : null } };
}

/**
 * The municipality's members (the guests a meeting or a report can have), from the device first,
 * refreshed from get-membro-by-municipio; members registered offline are among them at once.
 */
const useMunicipalityMembers = query.local((municipioId: number) => {
  const scope = `membros:municipio:${municipioId}`;
  return {
    scope,
    deps: [municipioId],
    read: (db: OfflineDb): Promise<MembroRow[]> => db.membros.where('municipioId').equals(municipioId).toArray(),
    fetch: (signal: AbortSignal) => call(endpoints.ofMunicipality, { params: { id: municipioId }, signal }),
    write: (db: OfflineDb, members: Member[]) =>
      pullInto(db, 'membros', members, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (members: Member[]): MembroRow[] => members.map((member) => ({ ...member, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: ERROR_MESSAGES.getMembers,
  };
});

/** A member as the list shows it: `pending` while a change made on this device waits to be sent. */
export type ListedMember = Member & { pending: boolean; syncedAt: number };

/**
 * Members of a group, from the device first (members registered offline included, marked
 * pending), refreshed from GET get-membro-by-grupo while the screen is open.
 */
const useGroupMembers = query.local((municipioId: number, grupoId: number | null) => {
  const scope = grupoId === null ? null : `membros:grupo:${grupoId}`;
  return {
    scope,
    deps: [municipioId, grupoId],
    read: async (db: OfflineDb): Promise<ListedMember[]> => {
      const rows = await db.membros.where('municipioId').equals(municipioId).toArray();
      return rows
        .filter((row) => row.membroGrupos.some((link) => link.grupoId === grupoId))
        .map(({ pending, ...member }) => ({ ...member, pending: pending === 1 }));
    },
    fetch: (signal: AbortSignal) => call(endpoints.ofGroup, { params: { id: grupoId! }, signal }),
    write: (db: OfflineDb, members: Member[]) => pullInto(db, 'membros', members, scope!),
    direct: (members: Member[]): ListedMember[] => members.map((member) => ({ ...member, pending: false, syncedAt: Date.now() })),
    syncedAtOf: (members: ListedMember[]) => oldestSync(members.map((m) => ({ syncedAt: m.syncedAt, pending: m.pending ? 1 : 0 }))),
    errorMessage: ERROR_MESSAGES.getMembers,
  };
});

/** This entity's data object: what its screens read and write. */
export const membersData = {
  updateMember,
  updateMemberPhoto,
  deleteMember,
  registerMember,
  useMunicipalityMembers,
  useGroupMembers,
};
