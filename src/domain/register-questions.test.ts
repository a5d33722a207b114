import { describe, expect, it } from 'vitest';
import { medalInputSchema, questionInputSchema, questionUpdateSchema, scoreRangeInputSchema } from './register-questions.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('questions family schemas (issue 17)', () => {
  it('a question needs number, text, points and theme; flags default as the legacy form; no package is null', () => {
    const parsed = questionInputSchema.parse({ numero: 3, texto: '  Tem Sala?  ', pontos: 5, temaId: 2 });
    expect(parsed).toEqual({ numero: 3, texto: 'Tem Sala?', pontos: 5, temaId: 2, evidencia: true, recorrente: false, possuiComentario: false, pacoteId: null });
    expect(messages(questionInputSchema.safeParse({ numero: 0, texto: '', pontos: 1.5 }))).toEqual([
      'Número: o mínimo é 1',
      'O texto é obrigatório',
      'Pontos: informe um número inteiro',
      'Campo Obrigatório',
    ]);
    expect(questionUpdateSchema.safeParse({ numero: 1, texto: 'x', pontos: 0, temaId: 1 }).success).toBe(false);
  });

  it('a score range has a question, a name and points with at most two decimals', () => {
    expect(scoreRangeInputSchema.parse({ perguntaId: 1, faixaNome: 'Parcial', faixaPontos: 2.5 }).faixaPontos).toBe(2.5);
    expect(messages(scoreRangeInputSchema.safeParse({ faixaNome: ' ', faixaPontos: 1.005 }))).toEqual([
      'Campo Obrigatório',
      'O nome da faixa é obrigatório',
      'Pontos: no máximo duas casas decimais',
    ]);
  });

  it('a medal level is bronze, prata or ouro', () => {
    expect(medalInputSchema.parse({ nome: 'Ouro', nivel: 'ouro', pontuacaoMinima: 300 }).descricao).toBe('');
    expect(messages(medalInputSchema.safeParse({ nome: 'X', nivel: 'platina', pontuacaoMinima: 1 }))).toEqual(['Campo Obrigatório']);
  });
});
