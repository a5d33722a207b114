import { and, asc, eq, isNull } from 'drizzle-orm';
import { questionPoints } from '../../src/domain/followups.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { BASE_DATE } from './data.ts';
import { addDays, type Ensure, type Tx } from './ensure.ts';

/**
 * Seed: follow-ups in every state (open with some answers, finalized, the diagnostic one) in the
 * municipalities of the demo consultant and member, created by them, so the list, the answering
 * page, the action plan and the diagnostic all show content at once.
 */

type FollowupSeed = {
  /** Position in TenantSeed.municipios. */
  municipio: number;
  /** Theme name; null for the diagnostic follow-up. */
  tema: string | null;
  criador: 'condutor' | 'membro';
  /** Days from BASE_DATE it was created. */
  dias: number;
  finalizado: boolean;
  /** Share of its questions answered, 0 to 1. */
  respondidas: number;
};

export const FOLLOWUPS: FollowupSeed[] = [
  { municipio: 0, tema: 'Compras Governamentais', criador: 'condutor', dias: -75, finalizado: true, respondidas: 1 },
  { municipio: 0, tema: 'Desburocratização', criador: 'condutor', dias: -60, finalizado: true, respondidas: 1 },
  { municipio: 0, tema: 'Educação Empreendedora', criador: 'membro', dias: -45, finalizado: true, respondidas: 1 },
  { municipio: 0, tema: null, criador: 'condutor', dias: -30, finalizado: false, respondidas: 0.3 },
  { municipio: 0, tema: 'Sala do Empreendedor', criador: 'membro', dias: -10, finalizado: false, respondidas: 0.5 },
  { municipio: 0, tema: 'Desenvolvimento Econômico Local', criador: 'condutor', dias: -5, finalizado: false, respondidas: 0.4 },
  // Just opened by the member again, nothing answered yet: its predecessor above is finalized.
  { municipio: 0, tema: 'Desburocratização', criador: 'membro', dias: -2, finalizado: false, respondidas: 0 },
  { municipio: 1, tema: 'Sala do Empreendedor', criador: 'condutor', dias: -50, finalizado: true, respondidas: 1 },
  { municipio: 1, tema: null, criador: 'condutor', dias: -35, finalizado: false, respondidas: 0.5 },
  { municipio: 1, tema: 'Desenvolvimento Econômico Local', criador: 'condutor', dias: -8, finalizado: false, respondidas: 0.6 },
  { municipio: 3, tema: 'Compras Governamentais', criador: 'condutor', dias: -20, finalizado: false, respondidas: 0.5 },
];

const EMAILS = { condutor: 'condutor@demo.local', membro: 'membro@demo.local' } as const;

const COMMENT = 'Informação confirmada com a Secretaria de Desenvolvimento Econômico.';

export async function seedFollowups(tx: Tx, tenantId: string, ensure: Ensure, municipioIds: number[]): Promise<void> {
  const users = new Map<string, number>();
  for (const [key, email] of Object.entries(EMAILS)) {
    const [row] = await tx
      .select({ usuarioId: s.usuario.usuarioId })
      .from(s.usuario)
      .where(scoped(s.usuario, tenantId, eq(s.usuario.email, email)));
    users.set(key, row!.usuarioId);
  }
  for (const f of FOLLOWUPS) {
    const municipioId = municipioIds[f.municipio]!;
    const [theme] = f.tema
      ? await tx
          .select({ temaId: s.tema.temaId })
          .from(s.tema)
          .where(scoped(s.tema, tenantId, eq(s.tema.nome, f.tema)))
      : [null];
    const temaId = theme?.temaId ?? null;
    // The municipality's questions of the theme (all of them for the diagnostic), as a new follow-up copies them.
    const questions = await tx
      .select({
        perguntaId: s.perguntaMunicipio.perguntaId,
        pontos: s.pergunta.pontos,
        possuiComentario: s.pergunta.possuiComentario,
      })
      .from(s.perguntaMunicipio)
      .innerJoin(
        s.pergunta,
        and(eq(s.pergunta.tenantId, s.perguntaMunicipio.tenantId), eq(s.pergunta.perguntaId, s.perguntaMunicipio.perguntaId)),
      )
      .where(
        scoped(
          s.perguntaMunicipio,
          tenantId,
          eq(s.perguntaMunicipio.municipioId, municipioId),
          temaId === null ? undefined : eq(s.pergunta.temaId, temaId),
        ),
      )
      .orderBy(asc(s.pergunta.numero));
    if (questions.length === 0) continue;
    const usuarioId = users.get(f.criador)!;
    const criadoEm = new Date(`${addDays(BASE_DATE, f.dias)}T13:00:00Z`);
    const acompanhamento = await ensure(
      s.acompanhamento,
      [
        eq(s.acompanhamento.municipioId, municipioId),
        temaId === null ? isNull(s.acompanhamento.temaId) : eq(s.acompanhamento.temaId, temaId),
        eq(s.acompanhamento.finalizado, f.finalizado),
      ],
      {
        municipioId,
        temaId,
        nome: f.tema ?? 'Diagnóstico',
        diagnostico: temaId === null,
        finalizado: f.finalizado,
        finalizadoEm: f.finalizado ? new Date(`${addDays(BASE_DATE, f.dias + 3)}T18:00:00Z`) : null,
        usuarioId,
        criadoEm,
      },
    );
    const answered = Math.round(questions.length * f.respondidas);
    for (const [i, q] of questions.entries()) {
      const resposta = i < answered ? i % 3 !== 2 : null;
      await ensure(
        s.acompanhamentoPergunta,
        [
          eq(s.acompanhamentoPergunta.acompanhamentoId, acompanhamento.acompanhamentoId),
          eq(s.acompanhamentoPergunta.perguntaId, q.perguntaId),
        ],
        {
          acompanhamentoId: acompanhamento.acompanhamentoId,
          perguntaId: q.perguntaId,
          resposta,
          respondida: resposta !== null,
          comentario: resposta !== null && q.possuiComentario ? COMMENT : null,
          pontosEspecificos: questionPoints(resposta, q.pontos),
          respondidaEm: resposta !== null ? new Date(criadoEm.getTime() + 86_400_000) : null,
          respondidaPor: resposta !== null ? usuarioId : null,
        },
      );
    }
  }
}
