import { registers } from '../../../src/contract/registers.ts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type AxisGroupInput,
  type AxisGroupRow,
  type AxisGroupUpdate,
  type AxisInput,
  type AxisRow,
  type AxisUpdate,
} from '../../../src/domain/register-axes.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { eixo, eixosGrupo, eixosGrupoEixo, perguntaEvidencia, projeto } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, requireOwned, type RegisterNoun, type RegisterStore } from '../../lib/register.ts';
import { selectAxes } from '../axes/read.ts';

// ------------------------------------------------------------------ api/projeto/Eixo

const axisNoun: RegisterNoun = { name: 'eixo', gender: 'm' };

const axisStore: RegisterStore<AxisRow, AxisInput, AxisUpdate> = {
  list: (db, tenantId) => selectAxes(db, tenantId),
  get: async (db, tenantId, id) => (await selectAxes(db, tenantId, eq(eixo.eixoId, id)))[0] ?? null,
  create: async (db, tenantId, input) => {
    const [{ eixoId }] = await db.insert(eixo).values(withTenant(tenantId, input)).returning({ eixoId: eixo.eixoId });
    return (await axisStore.get(db, tenantId, eixoId))!;
  },
  update: async (db, tenantId, { eixoId, ...input }) => {
    const updated = await db
      .update(eixo)
      .set(input)
      .where(scoped(eixo, tenantId, eq(eixo.eixoId, eixoId)))
      .returning({ eixoId: eixo.eixoId });
    return updated.length > 0 ? axisStore.get(db, tenantId, eixoId) : null;
  },
  remove: async (db, tenantId, id) => {
    // Evidence files name their axis without a foreign key (they outlive question changes): count them.
    if ((await db.$count(perguntaEvidencia, scoped(perguntaEvidencia, tenantId, eq(perguntaEvidencia.eixoId, id)))) > 0)
      throw conflict(registerMessages.inUse(axisNoun));
    // Themes, questions of municipalities, groups of axes or solutions and municipality axes hold it by foreign key: 409.
    return (
      (
        await db
          .delete(eixo)
          .where(scoped(eixo, tenantId, eq(eixo.eixoId, id)))
          .returning({ id: eixo.eixoId })
      ).length > 0
    );
  },
};

/**
 * Spec §7 api/projeto/Eixo: the /eixos register's writes (the reads of api/projeto/eixo stay in
 * server/features/axes/routes.ts). Deleting an axis that themes, questions or groups use is a 409.
 */
export function axisRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.axes,
    visibility: 'tenant',
    store: axisStore,
    validate: (db, tenantId, input) => requireOwned(db, tenantId, projeto, projeto.projetoId, [input.projetoId], 'Projeto não encontrado.'),
  });
}

// ------------------------------------------------------------------ api/eixosgrupos

async function readGroups(db: Db, tenantId: string, id?: number): Promise<AxisGroupRow[]> {
  const groups = await db
    .select({ eixosGrupoId: eixosGrupo.eixosGrupoId, nome: eixosGrupo.nome, descricao: eixosGrupo.descricao })
    .from(eixosGrupo)
    .where(scoped(eixosGrupo, tenantId, id === undefined ? undefined : eq(eixosGrupo.eixosGrupoId, id)));
  if (groups.length === 0) return [];
  const links = await db
    .select({ eixosGrupoId: eixosGrupoEixo.eixosGrupoId, eixoId: eixo.eixoId, nome: eixo.nome })
    .from(eixosGrupoEixo)
    .innerJoin(eixo, eq(eixo.eixoId, eixosGrupoEixo.eixoId))
    .where(
      scoped(
        eixosGrupoEixo,
        tenantId,
        inArray(
          eixosGrupoEixo.eixosGrupoId,
          groups.map((g) => g.eixosGrupoId),
        ),
      ),
    );
  links.sort((a, b) => compareText(a.nome, b.nome) || a.eixoId - b.eixoId);
  return groups
    .map((group) => {
      const axes = links.filter((link) => link.eixosGrupoId === group.eixosGrupoId);
      return { ...group, eixoIds: axes.map((a) => a.eixoId), eixoNomes: axes.map((a) => a.nome) };
    })
    .sort((a, b) => compareText(a.nome, b.nome) || a.eixosGrupoId - b.eixosGrupoId);
}

async function writeGroupAxes(db: Db, tenantId: string, eixosGrupoId: number, eixoIds: readonly number[]): Promise<void> {
  await db.delete(eixosGrupoEixo).where(scoped(eixosGrupoEixo, tenantId, eq(eixosGrupoEixo.eixosGrupoId, eixosGrupoId)));
  if (eixoIds.length > 0) await db.insert(eixosGrupoEixo).values(eixoIds.map((eixoId) => withTenant(tenantId, { eixosGrupoId, eixoId })));
}

const groupStore: RegisterStore<AxisGroupRow, AxisGroupInput, AxisGroupUpdate> = {
  list: (db, tenantId) => readGroups(db, tenantId),
  get: async (db, tenantId, id) => (await readGroups(db, tenantId, id))[0] ?? null,
  create: (db, tenantId, { eixoIds, ...input }) =>
    db.transaction(async (tx) => {
      const [{ eixosGrupoId }] = await tx
        .insert(eixosGrupo)
        .values(withTenant(tenantId, input))
        .returning({ eixosGrupoId: eixosGrupo.eixosGrupoId });
      await writeGroupAxes(tx as unknown as Db, tenantId, eixosGrupoId, eixoIds);
      return (await readGroups(tx as unknown as Db, tenantId, eixosGrupoId))[0]!;
    }),
  update: (db, tenantId, { eixosGrupoId, eixoIds, ...input }) =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(eixosGrupo)
        .set(input)
        .where(scoped(eixosGrupo, tenantId, eq(eixosGrupo.eixosGrupoId, eixosGrupoId)))
        .returning({ id: eixosGrupo.eixosGrupoId });
      if (updated.length === 0) return null;
      await writeGroupAxes(tx as unknown as Db, tenantId, eixosGrupoId, eixoIds);
      return (await readGroups(tx as unknown as Db, tenantId, eixosGrupoId))[0]!;
    }),
  // Its axis links go with it (on delete cascade).
  remove: async (db, tenantId, id) =>
    (
      await db
        .delete(eixosGrupo)
        .where(scoped(eixosGrupo, tenantId, eq(eixosGrupo.eixosGrupoId, id)))
        .returning({ id: eixosGrupo.eixosGrupoId })
    ).length > 0,
};

/** Spec §7 api/eixosgrupos (CRUD): named groups of at most 5 axes (/eixosGrupo). */
export function axisGroupRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.axisGroups,
    visibility: 'tenant',
    store: groupStore,
    validate: (db, tenantId, input) => requireOwned(db, tenantId, eixo, eixo.eixoId, input.eixoIds, 'Eixo não encontrado.'),
  });
}
