import { registers } from '../../../src/contract/registers.ts';
import type { FastifyInstance } from 'fastify';
import { type CategoryRow } from '../../../src/domain/register-territory.ts';
import { govCategoria } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';

/** Spec §7 api/gov-categoria (CRUD): the /categorias register. */
export function categoryRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.categories,
    visibility: 'tenant',
    store: tableStore<CategoryRow, object, object>({
      table: govCategoria,
      id: govCategoria.categoriaId,
      columns: { categoriaId: govCategoria.categoriaId, nome: govCategoria.nome, descricao: govCategoria.descricao },
      sortBy: 'nome',
    }),
  });
}
