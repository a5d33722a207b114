import { eq, type InferInsertModel } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { AXES } from './data.ts';
import { type Ensure } from './ensure.ts';

/** Seed: the questionnaire (axes, themes, questions) and each municipality's answers in every state of spec §4. */

export type QuestionRow = { perguntaId: number; eixoId: number; eixoNome: string; nacional: boolean; evidencia: boolean };

export async function seedQuestions(ensure: Ensure, projetoId: number): Promise<QuestionRow[]> {
  const result: QuestionRow[] = [];
  for (const a of AXES) {
    const eixo = await ensure(s.eixo, [eq(s.eixo.nome, a.nome)], { nome: a.nome, descricao: a.descricao, nacional: a.nacional, projetoId });
    let numero = 0;
    for (const tm of a.temas) {
      const tema = await ensure(s.tema, [eq(s.tema.eixoId, eixo.eixoId), eq(s.tema.nome, tm.nome)], { nome: tm.nome, eixoId: eixo.eixoId });
      for (const q of tm.perguntas) {
        const evidencia = q.evidencia ?? true;
        await ensure(s.pergunta, [eq(s.pergunta.perguntaId, q.id)], {
          perguntaId: q.id,
          numero: ++numero,
          texto: q.texto,
          pontos: q.pontos,
          evidencia,
          recorrente: q.recorrente ?? false,
          possuiComentario: q.comentario ?? false,
          temaId: tema.temaId,
        });
        result.push({ perguntaId: q.id, eixoId: eixo.eixoId, eixoNome: a.nome, nacional: a.nacional, evidencia });
      }
    }
  }
  return result;
}

/** Resend deadline of the seeded rejections: two business days after BASE_DATE (a Monday). */
export const PRAZO_REENVIO = '2026-11-18';

/** Spreads the questions over the lifecycle of spec §4 so every evidence tab has something to show. */
export function answerState(q: QuestionRow, state: number): Partial<InferInsertModel<typeof s.perguntaMunicipio>> {
  if (!q.evidencia) return state % 3 === 0 ? {} : { resposta: state % 3 === 1, salvo: true };
  const files = q.perguntaId === 13 ? 2 : 1;
  const attendants = q.perguntaId === 3 ? { atualizacaoAtendentes: 3 } : {};
  const withFile = {
    resposta: true,
    salvo: true,
    temArquivo: true,
    quantidadeArquivo: files,
    ...attendants,
    quantidadeArquivoDadosComplementares: q.perguntaId === 3 ? 1 : 0,
  };
  switch (state) {
    case 0:
      return {};
    case 1:
      return { resposta: false, salvo: true };
    case 2:
      return { resposta: true, salvo: true, ...attendants };
    case 3:
      return withFile;
    case 4:
      return { ...withFile, evidenciada: true };
    default:
      return { ...withFile, evidenciada: true, rejeitada: true, qtdRejeicao: 1 + (q.perguntaId % 2), prazoReenvio: PRAZO_REENVIO };
  }
}

export async function seedAnswers(ensure: Ensure, municipioId: number, questions: QuestionRow[], vigenteIndex: number) {
  for (const [i, q] of questions.entries()) {
    await ensure(
      s.perguntaMunicipio,
      [eq(s.perguntaMunicipio.municipioId, municipioId), eq(s.perguntaMunicipio.perguntaId, q.perguntaId)],
      { perguntaId: q.perguntaId, municipioId, eixoId: q.eixoId, ...answerState(q, (vigenteIndex * 5 + i) % 6) },
    );
  }
}
