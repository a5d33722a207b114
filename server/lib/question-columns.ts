import { and, eq } from 'drizzle-orm';
import { pergunta, perguntaFaixaResposta, perguntaMunicipio, tema } from '../db/schema/index.ts';

/**
 * The columns every read of a municipality's question starts with (its question, axis, theme and
 * answer): the offline bundle and the evidence screens select them alike, joined on pergunta and tema.
 */
export const municipalityQuestionColumns = {
  perguntaMunicipioId: perguntaMunicipio.perguntaMunicipioId,
  perguntaId: perguntaMunicipio.perguntaId,
  municipioId: perguntaMunicipio.municipioId,
  eixoId: perguntaMunicipio.eixoId,
  temaId: pergunta.temaId,
  nome: tema.nome,
  numero: pergunta.numero,
  texto: pergunta.texto,
  pontos: pergunta.pontos,
  resposta: perguntaMunicipio.resposta,
};

/** A question's score range with the question it belongs to (the evidence screens and the question register). */
export const scoreRangeColumns = {
  perguntaId: perguntaFaixaResposta.perguntaId,
  perguntaFaixaRespostaId: perguntaFaixaResposta.perguntaFaixaRespostaId,
  faixaNome: perguntaFaixaResposta.faixaNome,
  faixaPontos: perguntaFaixaResposta.faixaPontos,
};

/** A municipality's question joined to its question of the register (same tenant, same question). */
export const questionOfMunicipality = and(
  eq(pergunta.tenantId, perguntaMunicipio.tenantId),
  eq(pergunta.perguntaId, perguntaMunicipio.perguntaId),
);
