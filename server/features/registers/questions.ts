import { registers } from '../../../src/contract/registers.ts';
import { asc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type QuestionInput, type QuestionRange, type QuestionRow, type QuestionUpdate } from '../../../src/domain/register-questions.ts';
import type { Db } from '../../db/client.ts';
import { acompanhamentoPergunta, eixo, pacote, pergunta, perguntaFaixaResposta, perguntaMunicipio, tema } from '../../db/schema/index.ts';
import { route } from '../../lib/endpoint.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict, notFound, pgCode } from '../../lib/errors.ts';
import { scoreRangeColumns } from '../../lib/question-columns.ts';
import { registerMessages, registerRoutes, requireOwned, type RegisterNoun, type RegisterStore } from '../../lib/register.ts';

const noun: RegisterNoun = { name: 'pergunta', gender: 'f' };

const columns = {
  perguntaId: pergunta.perguntaId,
  numero: pergunta.numero,
  texto: pergunta.texto,
  pontos: pergunta.pontos,
  temaId: pergunta.temaId,
  temaNome: tema.nome,
  eixoId: eixo.eixoId,
  eixoNome: eixo.nome,
  nacional: eixo.nacional,
  evidencia: pergunta.evidencia,
  recorrente: pergunta.recorrente,
  possuiComentario: pergunta.possuiComentario,
  pacoteId: pergunta.pacoteId,
  pacoteNome: pacote.nome,
};

/** The questions with their theme, axis, package and score ranges (ranges by points, then name). */
async function read(db: Db, tenantId: string, condition?: SQL): Promise<QuestionRow[]> {
  const rows = await db
    .select(columns)
    .from(pergunta)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
    .leftJoin(pacote, eq(pacote.pacoteId, pergunta.pacoteId))
    .where(scoped(pergunta, tenantId, condition))
    .orderBy(asc(pergunta.numero), asc(pergunta.perguntaId));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.perguntaId);
  const ranges = await db
    .select({
      ...scoreRangeColumns,
    })
    .from(perguntaFaixaResposta)
    // One question: its ranges; the list: all of the tenant's (cheaper than a 20,000-id IN list).
    .where(scoped(perguntaFaixaResposta, tenantId, ids.length === 1 ? eq(perguntaFaixaResposta.perguntaId, ids[0]!) : undefined))
    .orderBy(asc(perguntaFaixaResposta.faixaPontos), asc(perguntaFaixaResposta.faixaNome));
  const byQuestion = new Map<number, QuestionRange[]>();
  for (const { perguntaId, ...range } of ranges) {
    const list = byQuestion.get(perguntaId) ?? [];
    list.push(range);
    byQuestion.set(perguntaId, list);
  }
  return rows.map((row) => ({ ...row, faixas: byQuestion.get(row.perguntaId) ?? [] }));
}

const one = async (db: Db, tenantId: string, id: number) => (await read(db, tenantId, eq(pergunta.perguntaId, id)))[0] ?? null;

/** The municipality questions and follow-up questions that use a question (no foreign key: the id is per tenant). */
export async function questionUsage(db: Db, tenantId: string, perguntaId: number) {
  const [municipios, respondidas, acompanhamentos] = await Promise.all([
    db.$count(perguntaMunicipio, scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaId, perguntaId))),
    db.$count(
      perguntaMunicipio,
      scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaId, perguntaId), sql`${perguntaMunicipio.resposta} is not null`),
    ),
    db.$count(acompanhamentoPergunta, scoped(acompanhamentoPergunta, tenantId, eq(acompanhamentoPergunta.perguntaId, perguntaId))),
  ]);
  return { perguntaId, quantidadeMunicipios: municipios, quantidadeRespondidas: respondidas, quantidadeAcompanhamentos: acompanhamentos };
}

const store: RegisterStore<QuestionRow, QuestionInput, QuestionUpdate> = {
  list: (db, tenantId) => read(db, tenantId),
  get: one,
  // Ids are per tenant (schema: primary key tenantId + perguntaId): a new question takes the
  // tenant's highest id + 1. Two admins creating at once collide on the key; the later one retries.
  create: async (db, tenantId, input) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const [{ last }] = await db
          .select({ last: max(pergunta.perguntaId) })
          .from(pergunta)
          .where(scoped(pergunta, tenantId));
        const perguntaId = (last ?? 0) + 1;
        await db.insert(pergunta).values(withTenant(tenantId, { ...input, perguntaId }));
        return (await one(db, tenantId, perguntaId))!;
      } catch (error) {
        if (pgCode(error) !== '23505' || attempt >= 4) throw error;
      }
    }
  },
  update: async (db, tenantId, { perguntaId, ...input }) => {
    const updated = await db
      .update(pergunta)
      .set(input)
      .where(scoped(pergunta, tenantId, eq(pergunta.perguntaId, perguntaId)))
      .returning({ perguntaId: pergunta.perguntaId });
    return updated.length > 0 ? one(db, tenantId, perguntaId) : null;
  },
  // Refused while municipalities or follow-ups hold it; its score ranges go with it (they are part of
  // the question, and a range no municipality chose is not a use).
  remove: async (db, tenantId, id) =>
    db.transaction(async (tx) => {
      const exists = await tx.$count(pergunta, scoped(pergunta, tenantId, eq(pergunta.perguntaId, id)));
      if (exists === 0) return false;
      const usage = await questionUsage(tx as unknown as Db, tenantId, id);
      if (usage.quantidadeMunicipios > 0 || usage.quantidadeAcompanhamentos > 0) throw conflict(registerMessages.inUse(noun));
      await tx.delete(perguntaFaixaResposta).where(scoped(perguntaFaixaResposta, tenantId, eq(perguntaFaixaResposta.perguntaId, id)));
      await tx.delete(pergunta).where(scoped(pergunta, tenantId, eq(pergunta.perguntaId, id)));
      return true;
    }),
};

/** Spec §7 api/pergunta/pergunta: the /pergunta register, the last question registered and its usage count. */
export function questionRegister(app: FastifyInstance): void {
  // Before the register's `/:id` routes only for readability: find-my-way prefers static segments anyway.
  route(app, registers.questions.last, async ({ tenantId }) => {
    const [{ last }] = await app.db
      .select({ last: max(pergunta.perguntaId) })
      .from(pergunta)
      .where(scoped(pergunta, tenantId));
    const row = last === null ? null : await one(app.db, tenantId, last);
    if (!row) throw notFound('Nenhuma pergunta cadastrada.');
    return row;
  });

  route(app, registers.questions.usage, async ({ tenantId, params: { id } }) => {
    const exists = await app.db.$count(pergunta, scoped(pergunta, tenantId, eq(pergunta.perguntaId, id)));
    if (exists === 0) throw notFound(registerMessages.notFound(noun));
    return questionUsage(app.db, tenantId, id);
  });

  registerRoutes(app, {
    contract: registers.questions,
    visibility: 'tenant',
    store,
    validate: async (db, tenantId, input) => {
      await requireOwned(db, tenantId, tema, tema.temaId, [input.temaId], 'Tema não encontrado.');
      await requireOwned(db, tenantId, pacote, pacote.pacoteId, [input.pacoteId], 'Pacote não encontrado.');
    },
  });
}
