import { registers } from '../../../src/contract/registers.ts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ScoreRangeInput, type ScoreRangeRow, type ScoreRangeUpdate } from '../../../src/domain/register-questions.ts';
import type { Db } from '../../db/client.ts';
import { pergunta, perguntaFaixaResposta, perguntaMunicipio } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, requireOwned, type RegisterNoun, type RegisterStore } from '../../lib/register.ts';

const noun: RegisterNoun = { name: 'faixa', gender: 'f' };
const range = perguntaFaixaResposta;

const columns = {
  perguntaFaixaRespostaId: range.perguntaFaixaRespostaId,
  faixaNome: range.faixaNome,
  faixaPontos: range.faixaPontos,
  perguntaId: range.perguntaId,
  perguntaNumero: pergunta.numero,
  perguntaTexto: pergunta.texto,
};

/** Ranges with their question (joined on the tenant too: question ids repeat across tenants). */
async function read(db: Db, tenantId: string, condition?: SQL): Promise<ScoreRangeRow[]> {
  return db
    .select(columns)
    .from(range)
    .innerJoin(pergunta, and(eq(pergunta.tenantId, range.tenantId), eq(pergunta.perguntaId, range.perguntaId)))
    .where(scoped(range, tenantId, condition))
    .orderBy(asc(pergunta.numero), asc(range.perguntaId), asc(range.faixaPontos), asc(range.faixaNome));
}

const one = async (db: Db, tenantId: string, id: number) => (await read(db, tenantId, eq(range.perguntaFaixaRespostaId, id)))[0] ?? null;

const store: RegisterStore<ScoreRangeRow, ScoreRangeInput, ScoreRangeUpdate> = {
  list: (db, tenantId) => read(db, tenantId),
  get: one,
  create: async (db, tenantId, input) => {
    const [{ id }] = await db.insert(range).values(withTenant(tenantId, input)).returning({ id: range.perguntaFaixaRespostaId });
    return (await one(db, tenantId, id))!;
  },
  update: async (db, tenantId, { perguntaFaixaRespostaId, ...input }) => {
    const updated = await db
      .update(range)
      .set(input)
      .where(scoped(range, tenantId, eq(range.perguntaFaixaRespostaId, perguntaFaixaRespostaId)))
      .returning({ id: range.perguntaFaixaRespostaId });
    return updated.length > 0 ? one(db, tenantId, perguntaFaixaRespostaId) : null;
  },
  // No foreign key from pergunta_municipio (the analyst's choice): counted here, a 409 while chosen.
  remove: async (db, tenantId, id) =>
    db.transaction(async (tx) => {
      const chosen = await tx.$count(
        perguntaMunicipio,
        scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaFaixaRespostaId, id)),
      );
      const exists = await tx.$count(range, scoped(range, tenantId, eq(range.perguntaFaixaRespostaId, id)));
      if (exists === 0) return false;
      if (chosen > 0) throw conflict(registerMessages.inUse(noun));
      await tx.delete(range).where(scoped(range, tenantId, eq(range.perguntaFaixaRespostaId, id)));
      return true;
    }),
};

/** Spec §7 api/pergunta-faixa-resposta: the /faixas register and the ranges of one range's question. */
export function scoreRangeRegister(app: FastifyInstance): void {
  route(app, registers.scoreRanges.siblings, async ({ tenantId, params: { id } }) => {
    const found = await one(app.db, tenantId, id);
    if (!found) throw notFound(registerMessages.notFound(noun));
    const siblings = await read(app.db, tenantId, eq(range.perguntaId, found.perguntaId));
    return siblings.sort((a, b) => a.faixaPontos - b.faixaPontos || a.perguntaFaixaRespostaId - b.perguntaFaixaRespostaId);
  });

  registerRoutes(app, {
    contract: registers.scoreRanges,
    visibility: 'tenant',
    store,
    validate: (db, tenantId, input) =>
      requireOwned(db, tenantId, pergunta, pergunta.perguntaId, [input.perguntaId], 'Pergunta não encontrada.'),
  });
}
