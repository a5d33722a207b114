import type { FastifyInstance } from 'fastify';
import { categoryInputSchema, categoryRowSchema, categoryUpdateSchema, type CategoryRow } from '../../../src/domain/register-territory.ts';
import { govCategoria } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';

/** Spec §7 api/gov-categoria (CRUD): the /categorias register. */
export function categoryRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    tag: 'gov-categoria',
    noun: { name: 'categoria', gender: 'f' },
    writeFlag: 'menuCategorias',
    row: categoryRowSchema,
    create: categoryInputSchema,
    update: categoryUpdateSchema,
    paths: {
      list: '/gov-categoria',
      get: '/gov-categoria/:id',
      create: '/gov-categoria',
      update: '/gov-categoria',
      remove: '/gov-categoria/:id',
    },
    visibility: 'tenant',
    store: tableStore<CategoryRow, object, object>({
      table: govCategoria,
      id: govCategoria.categoriaId,
      columns: { categoriaId: govCategoria.categoriaId, nome: govCategoria.nome, descricao: govCategoria.descricao },
      sortBy: 'nome',
    }),
  });
}
