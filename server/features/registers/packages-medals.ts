import type { FastifyInstance } from 'fastify';
import {
  medalInputSchema,
  medalRowSchema,
  medalUpdateSchema,
  packageInputSchema,
  packageRowSchema,
  packageUpdateSchema,
  type MedalInput,
  type MedalRow,
  type PackageInput,
  type PackageRow,
} from '../../../src/domain/register-questions.ts';
import { medalha, pacote } from '../../db/schema/index.ts';
import { registerRoutes, tableStore } from '../../lib/register.ts';
import type { z } from 'zod';

/** Spec §7 api/Pacote (/pacote): a package groups questions (pergunta.pacoteId); deleting one in use is a 409 (its foreign key). */
export function packageRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    tag: 'pacote',
    noun: { name: 'pacote', gender: 'm' },
    writeFlag: 'menuPacotes',
    row: packageRowSchema,
    create: packageInputSchema,
    update: packageUpdateSchema,
    paths: { list: '/Pacote', get: '/Pacote/:id', create: '/Pacote', update: '/Pacote', remove: '/Pacote/:id' },
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
    tag: 'medalha',
    noun: { name: 'medalha', gender: 'f' },
    writeFlag: 'menuMedalhas',
    row: medalRowSchema,
    create: medalInputSchema,
    update: medalUpdateSchema,
    paths: { list: '/Medalha', get: '/Medalha/:id', create: '/Medalha', update: '/Medalha', remove: '/Medalha/:id' },
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
