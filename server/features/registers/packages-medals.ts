import { registers } from '../../../src/contract/registers.ts';
import type { FastifyInstance } from 'fastify';
import type { medalUpdateSchema, packageUpdateSchema } from '../../../src/domain/register-questions.ts';
import { type MedalInput, type MedalRow, type PackageInput, type PackageRow } from '../../../src/domain/register-questions.ts';
import { medalha, pacote } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';
import type { z } from 'zod';

/** Spec §7 api/Pacote (/pacote): a package groups questions (pergunta.pacoteId); deleting one in use is a 409 (its foreign key). */
export function packageRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.packages,
    visibility: 'tenant',
    store: tableStore<PackageRow, PackageInput, z.infer<typeof packageUpdateSchema>>({
      table: pacote,
      id: pacote.pacoteId,
      columns: { pacoteId: pacote.pacoteId, nome: pacote.nome, descricao: pacote.descricao },
      sortBy: 'nome',
    }),
  });
}

/** Spec §7 api/Medalha (/medalha): the medals a municipality reaches with its points (spec §3: bronze, prata, ouro). */
export function medalRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: registers.medals,
    visibility: 'tenant',
    store: tableStore<MedalRow, MedalInput, z.infer<typeof medalUpdateSchema>>({
      table: medalha,
      id: medalha.medalhaId,
      columns: {
        medalhaId: medalha.medalhaId,
        nome: medalha.nome,
        nivel: medalha.nivel,
        pontuacaoMinima: medalha.pontuacaoMinima,
        descricao: medalha.descricao,
      },
      sortBy: 'nome',
    }),
  });
}
