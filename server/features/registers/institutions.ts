import { registers } from '../../../src/contract/registers.ts';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { hasFlag, permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { institutionUpdateSchema } from '../../../src/domain/register-territory.ts';
import { type InstitutionFilter, type InstitutionInput, type InstitutionRow } from '../../../src/domain/register-territory.ts';
import { compareText, includesText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { instituicao, instituicaoMunicipio, membro, municipio } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, requireOwned, type RegisterNoun, type RegisterStore } from '../../lib/register.ts';

type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const noun: RegisterNoun = { name: 'instituição', gender: 'f' };

/**
 * Spec §6 "Institution list: all for full admins or with verTodasInstituicao; otherwise filtered by
 * the user's cities": the municipalities whose institutions the user sees, or 'all'. A user who sees
 * every municipality (visualizaMunicipio) sees the institutions linked to any of them.
 */
function visibleMunicipalities(ctx: PermissionContext): 'all' | 'any-linked' | ReadonlySet<number> {
  if (hasFlag(ctx, 'verTodasInstituicao')) return 'all';
  if (seesAllMunicipalities(ctx)) return 'any-linked';
  return permittedMunicipalityIds(ctx.usuario);
}

/** Whether an institution linked to these municipalities is one the user sees. */
function seesLinked(ctx: PermissionContext, municipioIds: readonly number[]): boolean {
  const visible = visibleMunicipalities(ctx);
  return visible === 'all' || (visible === 'any-linked' ? municipioIds.length > 0 : municipioIds.some((id) => visible.has(id)));
}

async function read(db: Conn, tenantId: string, condition?: SQL): Promise<InstitutionRow[]> {
  const rows = await db
    .select({ instituicaoId: instituicao.instituicaoId, nome: instituicao.nome, sigla: instituicao.sigla })
    .from(instituicao)
    .where(scoped(instituicao, tenantId, condition));
  if (rows.length === 0) return [];
  const links = await db
    .select({ instituicaoId: instituicaoMunicipio.instituicaoId, municipioId: municipio.municipioId, nome: municipio.nome })
    .from(instituicaoMunicipio)
    .innerJoin(municipio, eq(municipio.municipioId, instituicaoMunicipio.municipioId))
    .where(
      scoped(
        instituicaoMunicipio,
        tenantId,
        inArray(
          instituicaoMunicipio.instituicaoId,
          rows.map((r) => r.instituicaoId),
        ),
      ),
    );
  links.sort((a, b) => compareText(a.nome, b.nome));
  return rows
    .map((row) => {
      const mine = links.filter((l) => l.instituicaoId === row.instituicaoId);
      return { ...row, municipioIds: mine.map((l) => l.municipioId), municipioNomes: mine.map((l) => l.nome) };
    })
    .sort((a, b) => compareText(a.nome, b.nome) || a.instituicaoId - b.instituicaoId);
}

/** The institutions the user may see, narrowed by the filter. */
async function search(db: Db, tenantId: string, ctx: PermissionContext, filter: InstitutionFilter): Promise<InstitutionRow[]> {
  const rows = await read(db, tenantId);
  const wanted = filter.municipioIds && filter.municipioIds.length > 0 ? new Set(filter.municipioIds) : null;
  const name = filter.nome?.trim() ?? '';
  return rows.filter(
    (row) =>
      seesLinked(ctx, row.municipioIds) &&
      (!wanted || row.municipioIds.some((id) => wanted.has(id))) &&
      (name === '' || includesText(row.nome, name) || includesText(row.sigla, name)),
  );
}

async function setMunicipalities(db: Conn, tenantId: string, instituicaoId: number, municipioIds: readonly number[]): Promise<void> {
  await db
    .delete(instituicaoMunicipio)
    .where(scoped(instituicaoMunicipio, tenantId, eq(instituicaoMunicipio.instituicaoId, instituicaoId)));
  if (municipioIds.length > 0)
    await db.insert(instituicaoMunicipio).values(municipioIds.map((municipioId) => withTenant(tenantId, { instituicaoId, municipioId })));
}

const store: RegisterStore<InstitutionRow, InstitutionInput, z.infer<typeof institutionUpdateSchema>> = {
  list: (db, tenantId) => read(db, tenantId),
  get: async (db, tenantId, id) => (await read(db, tenantId, eq(instituicao.instituicaoId, id)))[0] ?? null,
  create: (db, tenantId, { municipioIds, ...input }) =>
    db.transaction(async (tx) => {
      const [{ instituicaoId }] = await tx
        .insert(instituicao)
        .values(withTenant(tenantId, input))
        .returning({ instituicaoId: instituicao.instituicaoId });
      await setMunicipalities(tx, tenantId, instituicaoId, municipioIds);
      return (await read(tx, tenantId, eq(instituicao.instituicaoId, instituicaoId)))[0]!;
    }),
  update: (db, tenantId, { instituicaoId, municipioIds, ...input }) =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(instituicao)
        .set(input)
        .where(scoped(instituicao, tenantId, eq(instituicao.instituicaoId, instituicaoId)))
        .returning({ id: instituicao.instituicaoId });
      if (updated.length === 0) return null;
      await setMunicipalities(tx, tenantId, instituicaoId, municipioIds);
      return (await read(tx, tenantId, eq(instituicao.instituicaoId, instituicaoId)))[0]!;
    }),
  remove: async (db, tenantId, id) => {
    // membro.instituicao_id has no foreign key: count the members that name it.
    if ((await db.$count(membro, scoped(membro, tenantId, eq(membro.instituicaoId, id)))) > 0) throw conflict(registerMessages.inUse(noun));
    return (
      (
        await db
          .delete(instituicao)
          .where(scoped(instituicao, tenantId, eq(instituicao.instituicaoId, id)))
          .returning({ id: instituicao.instituicaoId })
      ).length > 0
    );
  },
};

/** Spec §7 api/govInstituicao: the /instituicao register, its search by filter and one institution by id. */
export function institutionRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.institutions,
    store,
    // Spec §6: an institution outside the user's cities is neither listed nor theirs to open, change
    // or delete; nor may they save one out of their sight.
    visibility: {
      sees: (ctx, row) => seesLinked(ctx, row.municipioIds),
      keeps: (ctx, input) => seesLinked(ctx, input.municipioIds),
      refused: 'Escolha ao menos um município que você vê.',
      idOf: (input) => input.instituicaoId,
    },
    validate: (db, tenantId, input) =>
      requireOwned(db, tenantId, municipio, municipio.municipioId, input.municipioIds, 'Município não encontrado.'),
  });

  route(app, registers.institutions.search, ({ session, tenantId, body }) => search(app.db, tenantId, session, body ?? {}));
}
