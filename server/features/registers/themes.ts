import { registers } from '../../../src/contract/registers.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canSeeAxis } from '../../../src/domain/permissions.ts';
import type { themeInputSchema, themeUpdateSchema } from '../../../src/domain/register-themes.ts';
import { type ThemeRow } from '../../../src/domain/register-themes.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { eixo, tema } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { registerRoutes, requireOwned, type RegisterStore } from '../../lib/register.ts';
import type { SQL } from 'drizzle-orm';

const columns = { temaId: tema.temaId, nome: tema.nome, eixoId: tema.eixoId, eixoNome: eixo.nome, nacional: eixo.nacional };

async function read(db: Db, tenantId: string, condition?: SQL): Promise<ThemeRow[]> {
  const rows = await db
    .select(columns)
    .from(tema)
    .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
    .where(scoped(tema, tenantId, condition));
  return rows.sort((a, b) => compareText(a.eixoNome, b.eixoNome) || compareText(a.nome, b.nome) || a.temaId - b.temaId);
}

const store: RegisterStore<ThemeRow, typeof themeInputSchema._output, typeof themeUpdateSchema._output> = {
  list: (db, tenantId) => read(db, tenantId),
  get: async (db, tenantId, id) => (await read(db, tenantId, eq(tema.temaId, id)))[0] ?? null,
  create: async (db, tenantId, input) => {
    const [{ temaId }] = await db.insert(tema).values(withTenant(tenantId, input)).returning({ temaId: tema.temaId });
    return (await store.get(db, tenantId, temaId))!;
  },
  update: async (db, tenantId, { temaId, ...input }) => {
    const updated = await db
      .update(tema)
      .set(input)
      .where(scoped(tema, tenantId, eq(tema.temaId, temaId)))
      .returning({ temaId: tema.temaId });
    return updated.length > 0 ? store.get(db, tenantId, temaId) : null;
  },
  remove: async (db, tenantId, id) =>
    (
      await db
        .delete(tema)
        .where(scoped(tema, tenantId, eq(tema.temaId, id)))
        .returning({ id: tema.temaId })
    ).length > 0,
};

/** Spec §7 api/Tema: the list every theme filter reads (limited to the axes the user sees) and the /tema register's writes. */
export function themeRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.themes,
    store,
    // Spec §6: without verTodosEixos a user sees (and so changes) only the themes of the axes in their permissions.
    visibility: {
      sees: (ctx, row) => canSeeAxis(ctx, row.eixoId),
      keeps: (ctx, input) => canSeeAxis(ctx, input.eixoId),
      refused: 'Eixo não encontrado.',
      idOf: (input) => input.temaId,
    },
    validate: (db, tenantId, input) => requireOwned(db, tenantId, eixo, eixo.eixoId, [input.eixoId], 'Eixo não encontrado.'),
  });
}
