import { describe, expect, it } from 'vitest';
import { vocabularyFor } from '../../../domain/vocabulary.ts';
import { cellText } from '../../../ui/data-table.tsx';
import { medalRegister } from '../medals/declaration.tsx';
import { scoreRangeRegister } from '../score-ranges/declaration.tsx';
import { questionRegister } from './declaration.tsx';

const row = {
  perguntaId: 7,
  numero: 3,
  texto: 'O município tem Sala do Empreendedor?',
  pontos: 5,
  temaId: 1,
  temaNome: 'Sala',
  eixoId: 1,
  eixoNome: 'Ambiente',
  nacional: true,
  evidencia: true,
  recorrente: false,
  possuiComentario: false,
  pacoteId: null,
  pacoteNome: null,
  faixas: [
    { perguntaFaixaRespostaId: 1, faixaNome: 'Parcial', faixaPontos: 2.5 },
    { perguntaFaixaRespostaId: 2, faixaNome: 'Integral', faixaPontos: 5 },
  ],
};

describe('questions family declarations (issue 17)', () => {
  it('/pergunta: the spec columns, the ranges searchable as text, Critérios in the Sala', () => {
    const words = vocabularyFor('default');
    const columns = questionRegister.columns(words);
    expect(columns.map((c) => c.header)).toEqual([
      'Número',
      'Texto',
      'Pontos',
      'Tema',
      'Evidência obrigatória',
      'Recorrente',
      'Nacional',
      'Permite comentário',
      'Pacote',
      'Faixas',
      'Eixo',
    ]);
    expect(
      cellText(
        columns.find((c) => c.key === 'faixas')!,
        row,
      ),
    ).toBe('Parcial (2,5), Integral (5)');
    expect(
      cellText(
        columns.find((c) => c.key === 'nacional')!,
        row,
      ),
    ).toBe('Sim');
    const sala = vocabularyFor('sala');
    expect(typeof questionRegister.title === 'function' && questionRegister.title(sala)).toBe('Critérios');
    expect(questionRegister.form?.width).toBe(800);
  });

  it('/faixas edits on pages; medal levels read in pt-BR', () => {
    expect(scoreRangeRegister.pages).toMatchObject({ list: '/faixas', create: '/faixas/add' });
    expect(scoreRangeRegister.pages!.edit(4)).toBe('/faixas/edit/4');
    const nameColumn = scoreRangeRegister.columns(vocabularyFor('default')).find((c) => c.key === 'faixaNome')!;
    expect(nameColumn.truncate).toBe(50);
    const level = medalRegister.columns(vocabularyFor('default')).find((c) => c.key === 'nivel')!;
    expect(cellText(level, { medalhaId: 1, nome: 'M', nivel: 'prata', pontuacaoMinima: 1, descricao: '' })).toBe('Prata');
  });
});
