import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { ensureAnswerRanges, type Ensure, type Tx } from './ensure.ts';

/**
 * Demo rows of the questions family of registers (issue 17): packages holding the seeded questions,
 * the three medals, and score ranges for a few more questions (1, 3, 13 and 24 get theirs in
 * evidence.ts). Idempotent: rows are ensured; a question is given a package only while it has none.
 */

const PACKAGES = [
  { nome: 'Pacote Essencial', descricao: 'Perguntas que todo município responde no primeiro ciclo.' },
  { nome: 'Pacote Intermediário', descricao: 'Perguntas para municípios com a Sala do Empreendedor em funcionamento.' },
  { nome: 'Pacote Avançado', descricao: 'Perguntas de maturidade: compras públicas, desburocratização e inovação.' },
  { nome: 'Pacote Piloto 2027', descricao: 'Reservado às perguntas do próximo ciclo; ainda sem perguntas.' },
];

const MEDALS = [
  { nome: 'Medalha Bronze', nivel: 'bronze' as const, pontuacaoMinima: 100, descricao: 'Município que cumpre os requisitos básicos.' },
  { nome: 'Medalha Prata', nivel: 'prata' as const, pontuacaoMinima: 200, descricao: 'Município com ambiente de negócios consolidado.' },
  { nome: 'Medalha Ouro', nivel: 'ouro' as const, pontuacaoMinima: 300, descricao: 'Município referência em empreendedorismo.' },
];

const RANGES = [
  { faixaNome: 'Não atende', faixaPontos: 0 },
  { faixaNome: 'Atende parcialmente', faixaPontos: 2.5 },
  { faixaNome: 'Atende integralmente', faixaPontos: 5 },
];
// Not 22: the evidence lifecycle test finalizes it without a range (a question with ranges needs one).
const RANGED_QUESTIONS = [5, 7, 26];

export async function seedQuestionRegisters(tx: Tx, tenantId: string, ensure: Ensure): Promise<void> {
  const packageIds: number[] = [];
  for (const p of PACKAGES) packageIds.push((await ensure(s.pacote, [eq(s.pacote.nome, p.nome)], p)).pacoteId);
  for (const m of MEDALS) await ensure(s.medalha, [eq(s.medalha.nome, m.nome)], m);

  const questions = await tx
    .select({ perguntaId: s.pergunta.perguntaId })
    .from(s.pergunta)
    .where(scoped(s.pergunta, tenantId))
    .orderBy(asc(s.pergunta.perguntaId));
  // The first three packages share the questions in thirds, by id; the fourth stays empty (deletable in the demo).
  const third = Math.ceil(questions.length / 3);
  for (let i = 0; i < 3; i++) {
    const ids = questions.slice(i * third, (i + 1) * third).map((q) => q.perguntaId);
    if (ids.length === 0) continue;
    await tx
      .update(s.pergunta)
      .set({ pacoteId: packageIds[i]! })
      .where(and(scoped(s.pergunta, tenantId, inArray(s.pergunta.perguntaId, ids)), isNull(s.pergunta.pacoteId)));
  }

  const existing = new Set(questions.map((q) => q.perguntaId));
  for (const perguntaId of RANGED_QUESTIONS.filter((id) => existing.has(id))) await ensureAnswerRanges(ensure, perguntaId, RANGES);
}
