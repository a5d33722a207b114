import { asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Member, MemberCreate, MemberUpdate } from '../../../src/domain/members.ts';
import { compareText, normalizeForSearch } from '../../../src/domain/text.ts';
import { membro, membroGrupo, municipioGrupo } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';

type MemberFields = Omit<MemberCreate, 'municipioId' | 'membroGrupos'>;
type GroupLink = { grupoId: number; lider: boolean };

/** Which members a query may return: `municipioIds` undefined = the whole tenant. */
export type MemberFilter = {
  municipioIds?: number[];
  municipioId?: number;
  grupoId?: number;
  /** Accent- and case-insensitive part of the name. */
  nome?: string;
  cpf?: string;
};

const memberColumns = {
  membroId: membro.membroId,
  municipioId: membro.municipioId,
  nome: membro.nome,
  email: membro.email,
  telefone: membro.telefone,
  cpf: membro.cpf,
  cargo: membro.cargo,
  orgao: membro.orgao,
  instituicaoId: membro.instituicaoId,
  imagemMembro: membro.imagemMembro,
};

// Accented Latin letters and their plain forms: the search must ignore accents on both databases,
// and PGlite has no unaccent extension. The needle goes through normalizeForSearch, the column through this.
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether a write failed on a unique index (the phone's settles a race between two saves). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function withGroups(db: Conn, tenantId: string, rows: Omit<Member, 'membroGrupos'>[]): Promise<Member[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ grupoId: membroGrupo.grupoId, membroId: membroGrupo.membroId, lider: membroGrupo.lider })
    .from(membroGrupo)
    .where(
      scoped(
        membroGrupo,
        tenantId,
        inArray(
          membroGrupo.membroId,
          rows.map((r) => r.membroId),
        ),
      ),
    )
    .orderBy(asc(membroGrupo.id));
  return rows
    .map((r) => ({ ...r, membroGrupos: links.filter((l) => l.membroId === r.membroId) }))
    .sort((a, b) => compareText(a.nome, b.nome) || a.membroId - b.membroId);
}

export async function listMembers(db: Conn, tenantId: string, filter: MemberFilter): Promise<Member[]> {
  if (filter.municipioIds && filter.municipioIds.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    filter.municipioIds ? inArray(membro.municipioId, filter.municipioIds) : undefined,
    filter.municipioId !== undefined ? eq(membro.municipioId, filter.municipioId) : undefined,
    filter.cpf !== undefined ? eq(membro.cpf, filter.cpf) : undefined,
    filter.nome !== undefined
      ? sql`lower(translate(${membro.nome}, ${ACCENTED}, ${PLAIN})) like ${`%${escapeLike(normalizeForSearch(filter.nome.trim()))}%`}`
      : undefined,
    filter.grupoId !== undefined
      ? inArray(
          membro.membroId,
          db
            .select({ id: membroGrupo.membroId })
            .from(membroGrupo)
            .where(scoped(membroGrupo, tenantId, eq(membroGrupo.grupoId, filter.grupoId))),
        )
      : undefined,
  ];
  const rows = await db
    .select(memberColumns)
    .from(membro)
    .where(scoped(membro, tenantId, ...conditions));
  return withGroups(db, tenantId, rows);
}

export async function findMember(db: Conn, tenantId: string, membroId: number): Promise<Member | null> {
  const rows = await db
    .select(memberColumns)
    .from(membro)
    .where(scoped(membro, tenantId, eq(membro.membroId, membroId)));
  const [found] = await withGroups(db, tenantId, rows);
  return found ?? null;
}

export async function findGroup(db: Conn, tenantId: string, grupoId: number): Promise<{ grupoId: number; municipioId: number } | null> {
  const [row] = await db
    .select({ grupoId: municipioGrupo.grupoId, municipioId: municipioGrupo.municipioId })
    .from(municipioGrupo)
    .where(scoped(municipioGrupo, tenantId, eq(municipioGrupo.grupoId, grupoId)));
  return row ?? null;
}

/** Whether another member of the tenant already has this phone (the command answers 409). */
export async function phoneTaken(db: Conn, tenantId: string, telefone: string, exceptMembroId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ membroId: membro.membroId })
    .from(membro)
    .where(scoped(membro, tenantId, eq(membro.telefone, telefone), exceptMembroId ? ne(membro.membroId, exceptMembroId) : undefined))
    .limit(1);
  return Boolean(taken);
}

function memberValues(input: MemberFields) {
  return {
    nome: input.nome,
    email: input.email,
    telefone: input.telefone,
    cpf: input.cpf,
    cargo: input.cargo,
    orgao: input.orgao,
    instituicaoId: input.instituicaoId,
  };
}

/** Member and group link: the command runs it in its transaction, so a member never exists half-saved. */
export async function insertMember(tx: Tx, tenantId: string, input: MemberCreate): Promise<number> {
  const [row] = await tx
    .insert(membro)
    .values(withTenant(tenantId, { municipioId: input.municipioId, ...memberValues(input) }))
    .returning({ membroId: membro.membroId });
  const link: GroupLink | undefined = input.membroGrupos[0];
  if (link) {
    await tx.insert(membroGrupo).values(withTenant(tenantId, { grupoId: link.grupoId, membroId: row!.membroId, lider: link.lider }));
  }
  return row!.membroId;
}

/** The member's fields and, when membroGrupos is sent, its group link (replaced). */
export async function updateMember(tx: Tx, tenantId: string, input: MemberUpdate): Promise<void> {
  await tx
    .update(membro)
    .set(memberValues(input))
    .where(scoped(membro, tenantId, eq(membro.membroId, input.membroId)));
  if (!input.membroGrupos) return;
  await tx.delete(membroGrupo).where(scoped(membroGrupo, tenantId, eq(membroGrupo.membroId, input.membroId)));
  const link: GroupLink | undefined = input.membroGrupos[0];
  if (link) {
    await tx.insert(membroGrupo).values(withTenant(tenantId, { grupoId: link.grupoId, membroId: input.membroId, lider: link.lider }));
  }
}

export async function updateMemberPhoto(db: Conn, tenantId: string, membroId: number, imagemMembro: string | null): Promise<void> {
  await db
    .update(membro)
    .set({ imagemMembro })
    .where(scoped(membro, tenantId, eq(membro.membroId, membroId)));
}

/** Group links and meeting invitations go with the member (ON DELETE CASCADE). */
export async function deleteMember(db: Conn, tenantId: string, membroId: number): Promise<void> {
  await db.delete(membro).where(scoped(membro, tenantId, eq(membro.membroId, membroId)));
}
