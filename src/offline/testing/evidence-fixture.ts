import type { EvidenceFile, EvidenceQuestion } from '../../domain/evidence.ts';

/** Test and bench data: an evidence question of a municipality, answered Sim, with no files unless given. */
export function evidenceQuestionFixture(
  perguntaMunicipioId: number,
  municipioId: number,
  overrides: Partial<EvidenceQuestion> = {},
): EvidenceQuestion {
  return {
    perguntaMunicipioId,
    perguntaId: 20 + (perguntaMunicipioId % 50),
    municipioId,
    eixoId: 1,
    temaId: 2,
    nome: 'Compras Públicas',
    numero: perguntaMunicipioId % 100,
    texto: `O município publica as compras da pergunta ${perguntaMunicipioId}?`,
    pontos: 3,
    resposta: true,
    exigeEvidencia: true,
    evidencia: null,
    temArquivo: false,
    evidenciada: false,
    rejeitada: false,
    aprovada: false,
    quantidadeArquivo: 0,
    quantidadeArquivoDadosComplementares: 0,
    atendentesCadastrados: null,
    atualizacaoAtendentes: null,
    valorInformado: null,
    perguntaFaixaRespostaId: null,
    faixaNome: null,
    faixas: [],
    qtdRejeicao: 0,
    prazoReenvio: null,
    salvo: true,
    evidencias: [],
    ...overrides,
  };
}

export function evidenceFileFixture(
  perguntaEvidenciaId: number,
  question: Pick<EvidenceQuestion, 'perguntaMunicipioId' | 'eixoId'>,
  overrides: Partial<EvidenceFile> = {},
): EvidenceFile {
  return {
    perguntaEvidenciaId,
    perguntaMunicipioId: question.perguntaMunicipioId,
    nomeArquivo: `evidencia-${perguntaEvidenciaId}.pdf`,
    tipo: 'application/pdf',
    tamanho: 1024,
    aprovada: false,
    rejeitada: false,
    enviada: false,
    justificativa: null,
    usuarioId: 5,
    eixoId: question.eixoId,
    prazoReenvio: null,
    dadosComplementares: false,
    criadoEm: '2026-11-20T12:00:00.000Z',
    linkPublico: null,
    ...overrides,
  };
}
