import type { z } from 'zod';
import {
  checkPhotoDataUrl,
  MEMBER_MESSAGES,
  memberCreateSchema,
  memberUpdateSchema,
  sniffImageType,
  type Member,
  type MemberCreate,
  type MemberUpdate,
} from '../../../src/domain/members.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { GROUP_NOT_FOUND } from './access.ts';
import * as repo from './repository.ts';

/**
 * The members' writes. Access (src/contract/members.ts) already decided the municipality or the
 * member, before the body was validated; what it cannot say stays here: the group link belongs to
 * the member's municipality, the e-mail rule of the municipality's state, the phone is free.
 * Each write runs in the transaction withCommand opens, so a member never exists half-saved.
 */

/** The body was validated without knowing the state; the e-mail rule (spec §5) needs the municipality's uf. */
function parseForState<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest([...new Set(result.error.issues.map((i) => i.message))].join('. '));
  return result.data;
}

/** The group links must name groups of the member's municipality (missing: 404; another municipality's: 400). */
async function checkGroups(db: Conn, tenantId: string, municipioId: number, grupos: { grupoId: number }[] | undefined): Promise<void> {
  for (const link of grupos ?? []) {
    const group = await repo.findGroup(db, tenantId, link.grupoId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    if (group.municipioId !== municipioId) throw badRequest('O grupo não pertence ao município do membro.');
  }
}

/** The check before writing gives the answer in the common case; the unique index settles a race between two saves. */
async function phoneFree<T>(
  tx: Tx,
  tenantId: string,
  telefone: string,
  exceptMembroId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (await repo.phoneTaken(tx, tenantId, telefone, exceptMembroId)) throw conflict(MEMBER_MESSAGES.telefoneDuplicado);
  try {
    return await write();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(MEMBER_MESSAGES.telefoneDuplicado);
    throw error;
  }
}

async function reload(db: Conn, tenantId: string, membroId: number): Promise<Member> {
  const member = await repo.findMember(db, tenantId, membroId);
  if (!member) throw new Error(`member ${membroId} vanished after being written`);
  return member;
}

export async function create(tx: Tx, tenantId: string, uf: string, body: MemberCreate): Promise<Member> {
  await checkGroups(tx, tenantId, body.municipioId, body.membroGrupos);
  const input = parseForState(memberCreateSchema(uf), body);
  const membroId = await phoneFree(tx, tenantId, input.telefone, undefined, () => repo.insertMember(tx, tenantId, input));
  return reload(tx, tenantId, membroId);
}

/** `member` is the one access resolved (body.membroId): its municipality, never the body's, rules the groups. */
export async function update(tx: Tx, tenantId: string, uf: string, member: Member, body: MemberUpdate): Promise<Member> {
  await checkGroups(tx, tenantId, member.municipioId, body.membroGrupos);
  const input = parseForState(memberUpdateSchema(uf), body);
  await phoneFree(tx, tenantId, input.telefone, input.membroId, () => repo.updateMember(tx, tenantId, input));
  return reload(tx, tenantId, member.membroId);
}

/** The photo is stored as a data URL of the type its bytes are (the declared one must match them); null removes it. */
export async function updatePhoto(db: Conn, tenantId: string, member: Member, imagemMembro: string | null): Promise<Member> {
  let stored: string | null = null;
  if (imagemMembro !== null) {
    const check = checkPhotoDataUrl(imagemMembro);
    if (!check.ok) throw badRequest(check.message);
    const bytes = Buffer.from(check.base64, 'base64');
    if (sniffImageType(bytes) !== check.mimeType) throw badRequest(MEMBER_MESSAGES.fotoTipo);
    stored = `data:${check.mimeType};base64,${check.base64}`;
  }
  await repo.updateMemberPhoto(db, tenantId, member.membroId, stored);
  return reload(db, tenantId, member.membroId);
}
