import { and, eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

/**
 * Demo reference terms and municipality summaries (issue 30), in every tenant: the first
 * municipality gets a term of three phases with their activities (one activity interrupted, with
 * its reason) and two summaries by the conductor. Idempotent like every seed step.
 */
const PHASES: { nome: string; descricao: string; atividades: { nome: string; inicio: string; fim: string; horas: number; responsavel: string; motivo?: string }[] }[] = [
  {
    nome: 'Diagnóstico',
    descricao: 'Levantamento da situação do ambiente de negócios do município.',
    atividades: [
      { nome: 'Reunião de abertura com o prefeito', inicio: '2026-03-02', fim: '2026-03-06', horas: 8, responsavel: 'Consultor condutor' },
      { nome: 'Aplicação do questionário de maturidade', inicio: '2026-03-09', fim: '2026-03-27', horas: 24, responsavel: 'Consultor especialista' },
    ],
  },
  {
    nome: 'Plano de ação',
    descricao: 'Priorização das soluções com a equipe municipal.',
    atividades: [
      { nome: 'Oficina de priorização', inicio: '2026-04-06', fim: '2026-04-10', horas: 12, responsavel: 'Consultor condutor' },
      { nome: 'Validação do plano com a câmara', inicio: '2026-04-20', fim: '2026-04-30', horas: 6, responsavel: 'Secretaria de Desenvolvimento', motivo: 'Aguardando a nova composição da câmara municipal.' },
    ],
  },
  {
    nome: 'Implementação',
    descricao: 'Execução das soluções priorizadas.',
    atividades: [
      { nome: 'Implantação da Sala do Empreendedor', inicio: '2026-05-04', fim: '2026-07-31', horas: 80, responsavel: 'Consultor especialista' },
      { nome: 'Rodada de crédito orientado', inicio: '2026-08-03', fim: '2026-08-28', horas: 20, responsavel: 'Consultor condutor' },
    ],
  },
];

export async function seedReferenceTerms(tx: Tx, tenantId: string, ensure: Ensure, municipioIds: number[]) {
  const municipioId = municipioIds[0];
  if (municipioId === undefined) return;
  const [author] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'condutor@demo.local')));
  const term = await ensure(s.termoReferencia, [eq(s.termoReferencia.municipioId, municipioId)], {
    municipioId,
    arquivoNome: 'termo-referencia-2026.xlsx',
    atualizadoPorId: author?.usuarioId ?? null,
  });
  for (const [i, phase] of PHASES.entries()) {
    const fase = await ensure(
      s.termoReferenciaFase,
      [and(eq(s.termoReferenciaFase.termoReferenciaId, term.termoReferenciaId), eq(s.termoReferenciaFase.nome, phase.nome))!],
      { termoReferenciaId: term.termoReferenciaId, ordem: i + 1, nome: phase.nome, descricao: phase.descricao },
    );
    for (const [j, a] of phase.atividades.entries()) {
      await ensure(s.termoReferenciaAtividade, [and(eq(s.termoReferenciaAtividade.faseId, fase.faseId), eq(s.termoReferenciaAtividade.nome, a.nome))!], {
        faseId: fase.faseId,
        ordem: j + 1,
        nome: a.nome,
        descricao: '',
        inicio: a.inicio,
        fim: a.fim,
        horas: a.horas,
        responsavel: a.responsavel,
        interrompida: Boolean(a.motivo),
        motivoInterrupcao: a.motivo ?? null,
        interrompidaEm: a.motivo ? new Date('2026-04-22T14:00:00-03:00') : null,
      });
    }
  }
  if (!author) return;
  const summaries = [
    {
      titulo: 'Visita de abertura',
      texto: '<p>Reunião com o prefeito e os secretários de <strong>Desenvolvimento</strong> e <strong>Educação</strong>. O município aderiu ao programa e indicou o agente de desenvolvimento.</p>',
      criadoEm: new Date('2026-03-03T10:00:00-03:00'),
    },
    {
      titulo: 'Situação do plano de ação',
      texto: '<p>A oficina de priorização escolheu três soluções:</p><ul><li>Sala do Empreendedor</li><li>Compras públicas locais</li><li>Educação empreendedora</li></ul><p>A validação na câmara está interrompida até a posse dos novos vereadores.</p>',
      criadoEm: new Date('2026-04-23T16:30:00-03:00'),
    },
  ];
  for (const summary of summaries)
    await ensure(s.resumoMunicipio, [eq(s.resumoMunicipio.municipioId, municipioId), eq(s.resumoMunicipio.titulo, summary.titulo)], {
      municipioId,
      autorId: author.usuarioId,
      ...summary,
    });
}
