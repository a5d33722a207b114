import type { Followup, FollowupQuestion } from '../../domain/followups.ts';

/**
 * Test-only: a follow-up of `count` questions over two themes, none answered; question i is
 * recurrent when `recurrent` lists its number. Points are visible (pontos 2 per question).
 */
export function followupFixture(
  acompanhamentoId: number,
  municipioId: number,
  count: number,
  { recurrent = [] as number[], points = true } = {},
): Followup {
  const perguntas: FollowupQuestion[] = Array.from({ length: count }, (_, i) => {
    const numero = i + 1;
    const temaId = numero % 2 === 0 ? 2 : 1;
    return {
      acompanhamentoPerguntaId: acompanhamentoId * 1000 + numero,
      perguntaId: numero,
      resposta: null,
      respondida: false,
      comentario: null,
      pontos_especificos: points ? 0 : null,
      pergunta: {
        numero,
        texto: `Pergunta ${numero}: o município mantém a ação ${numero} em funcionamento?`,
        pontos: points ? 2 : null,
        evidencia: numero % 3 === 0,
        recorrente: recurrent.includes(numero),
        possuiComentario: numero % 2 === 1,
        nacional: false,
        tema: { temaId, nome: temaId === 1 ? 'Compras Públicas' : 'Desburocratização', eixoId: 1, eixoNome: 'Ambiente de Negócios' },
      },
    };
  });
  return {
    acompanhamentoId,
    nome: 'Compras Públicas',
    criacao: '2026-03-10T13:00:00.000Z',
    finalizado: false,
    diagnostico: false,
    usuarioId: 5,
    municipioId,
    tema: { temaId: 1, eixoId: 1 },
    pontos: points ? 0 : null,
    sim: 0,
    nao: 0,
    total: count,
    perguntas,
  };
}
