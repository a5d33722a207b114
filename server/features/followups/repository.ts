import { and, asc, eq, inArray, max, not, sql, type SQL } from 'drizzle-orm';
import {
  followupTotals,
  pendingPoints,
  questionPoints,
  sortFollowups,
  type Followup,
  type FollowupQuestion,
  type MunicipalityAnswerState,
  type NewFollowupResponse,
} from '../../../src/domain/followups.ts';
import type { Db } from '../../db/client.ts';
import { acompanhamento, acompanhamentoPergunta, eixo, pergunta, perguntaMunicipio, tema } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { questionOfMunicipality } from '../../lib/question-columns.ts';
import type { Conn, Tx } from '../../lib/command.ts';

export type Axes = 'all' | ReadonlySet<number>;

/**
 * What one user sees of follow-ups: points only with verPontosAcoesAcompanhamento, and only the
 * questions (and theme follow-ups) of the axes they see (spec §6). The route derives it from the session.
 */
export type FollowupView = { showPoints: boolean; axes: Axes };

const inAxes = (axes: Axes, eixoId: number) => axes === 'all' || axes.has(eixoId);

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// ---------------------------------------------------------------- reading

const followupColumns = {
  acompanhamentoId: acompanhamento.acompanhamentoId,
  municipioId: acompanhamento.municipioId,
  temaId: acompanhamento.temaId,
  eixoId: tema.eixoId,
  nome: acompanhamento.nome,
  diagnostico: acompanhamento.diagnostico,
  finalizado: acompanhamento.finalizado,
  usuarioId: acompanhamento.usuarioId,
  pontosDescontados: acompanhamento.pontosDescontados,
  criadoEm: acompanhamento.criadoEm,
};
export type FollowupRow = {
  acompanhamentoId: number;
  municipioId: number;
  temaId: number | null;
  eixoId: number | null;
  nome: string;
  diagnostico: boolean;
  finalizado: boolean;
  usuarioId: number;
  pontosDescontados: number;
  criadoEm: Date;
};

async function selectFollowups(db: Conn, tenantId: string, condition: SQL): Promise<FollowupRow[]> {
  return db
    .select(followupColumns)
    .from(acompanhamento)
    .leftJoin(tema, eq(tema.temaId, acompanhamento.temaId))
    .where(scoped(acompanhamento, tenantId, condition));
}

type QuestionRow = {
  acompanhamentoPerguntaId: number;
  acompanhamentoId: number;
  perguntaId: number;
  resposta: boolean | null;
  respondida: boolean;
  comentario: string | null;
  pontosEspecificos: number;
  numero: number;
  texto: string;
  pontos: number;
  evidencia: boolean;
  recorrente: boolean;
  possuiComentario: boolean;
  nacional: boolean;
  temaId: number;
  temaNome: string;
  eixoId: number;
  eixoNome: string;
};

async function selectQuestions(db: Conn, tenantId: string, ids: number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      acompanhamentoPerguntaId: acompanhamentoPergunta.acompanhamentoPerguntaId,
      acompanhamentoId: acompanhamentoPergunta.acompanhamentoId,
      perguntaId: acompanhamentoPergunta.perguntaId,
      resposta: acompanhamentoPergunta.resposta,
      respondida: acompanhamentoPergunta.respondida,
      comentario: acompanhamentoPergunta.comentario,
      pontosEspecificos: acompanhamentoPergunta.pontosEspecificos,
      numero: pergunta.numero,
      texto: pergunta.texto,
      pontos: pergunta.pontos,
      evidencia: pergunta.evidencia,
      recorrente: pergunta.recorrente,
      possuiComentario: pergunta.possuiComentario,
      nacional: eixo.nacional,
      temaId: tema.temaId,
      temaNome: tema.nome,
      eixoId: eixo.eixoId,
      eixoNome: eixo.nome,
    })
    .from(acompanhamentoPergunta)
    .innerJoin(
      pergunta,
      and(eq(pergunta.tenantId, acompanhamentoPergunta.tenantId), eq(pergunta.perguntaId, acompanhamentoPergunta.perguntaId)),
    )
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
    .where(scoped(acompanhamentoPergunta, tenantId, inArray(acompanhamentoPergunta.acompanhamentoId, ids)))
    .orderBy(asc(pergunta.numero), asc(acompanhamentoPergunta.acompanhamentoPerguntaId));
}

/** A theme follow-up is visible with its axis; the diagnostic one always is (spec §6). */
export function followupVisible(row: Pick<FollowupRow, 'diagnostico' | 'eixoId'>, axes: Axes): boolean {
  return row.diagnostico || row.eixoId === null || inAxes(axes, row.eixoId);
}

/** The domain's Followup from stored rows, as this user sees it. */
function present(row: FollowupRow, questions: QuestionRow[], view: FollowupView): Followup {
  const perguntas: FollowupQuestion[] = questions
    .filter((q) => q.acompanhamentoId === row.acompanhamentoId && inAxes(view.axes, q.eixoId))
    .map((q) => ({
      acompanhamentoPerguntaId: q.acompanhamentoPerguntaId,
      perguntaId: q.perguntaId,
      resposta: q.resposta,
      respondida: q.respondida,
      comentario: q.comentario,
      pontos_especificos: view.showPoints ? q.pontosEspecificos : null,
      pergunta: {
        numero: q.numero,
        texto: q.texto,
        pontos: view.showPoints ? q.pontos : null,
        evidencia: q.evidencia,
        recorrente: q.recorrente,
        possuiComentario: q.possuiComentario,
        nacional: q.nacional,
        tema: { temaId: q.temaId, nome: q.temaNome, eixoId: q.eixoId, eixoNome: q.eixoNome },
      },
    }));
  return {
    acompanhamentoId: row.acompanhamentoId,
    nome: row.nome,
    criacao: row.criadoEm.toISOString(),
    finalizado: row.finalizado,
    diagnostico: row.diagnostico,
    usuarioId: row.usuarioId,
    municipioId: row.municipioId,
    tema: row.temaId !== null && row.eixoId !== null ? { temaId: row.temaId, eixoId: row.eixoId } : null,
    ...followupTotals(perguntas),
    perguntas,
  };
}

/** A follow-up's stored row (for access checks), or null when the tenant has no such id. */
export async function findFollowupRow(db: Db, tenantId: string, acompanhamentoId: number): Promise<FollowupRow | null> {
  const [row] = await selectFollowups(db, tenantId, eq(acompanhamento.acompanhamentoId, acompanhamentoId));
  return row ?? null;
}

/** One follow-up, whole, as the view shows it. */
export async function presentFollowup(db: Conn, tenantId: string, row: FollowupRow, view: FollowupView): Promise<Followup> {
  return present(row, await selectQuestions(db, tenantId, [row.acompanhamentoId]), view);
}

/** A follow-up computed with every point, as a user who may not see points gets it. */
export function withView(followup: Followup, view: FollowupView): Followup {
  if (view.showPoints) return followup;
  const perguntas = followup.perguntas.map((q) => ({ ...q, pontos_especificos: null, pergunta: { ...q.pergunta, pontos: null } }));
  return { ...followup, perguntas, ...followupTotals(perguntas) };
}

/** The municipality's follow-ups this user sees, whole, newest first (the list and the offline bundle). */
export async function listFollowups(db: Db, tenantId: string, municipioId: number, view: FollowupView): Promise<Followup[]> {
  const rows = (await selectFollowups(db, tenantId, eq(acompanhamento.municipioId, municipioId))).filter((r) =>
    followupVisible(r, view.axes),
  );
  const questions = await selectQuestions(
    db,
    tenantId,
    rows.map((r) => r.acompanhamentoId),
  );
  return sortFollowups(rows.map((r) => present(r, questions, view)));
}

/** Themes with a finalized follow-up, on the axes the user sees, with the last finalization. */
export async function listFinishedThemes(db: Db, tenantId: string, municipioId: number, axes: Axes) {
  const rows = await db
    .select({ temaId: tema.temaId, nome: tema.nome, eixoId: tema.eixoId, finalizadoEm: max(acompanhamento.finalizadoEm) })
    .from(acompanhamento)
    .innerJoin(tema, eq(tema.temaId, acompanhamento.temaId))
    .where(scoped(acompanhamento, tenantId, eq(acompanhamento.municipioId, municipioId), eq(acompanhamento.finalizado, true)))
    .groupBy(tema.temaId, tema.nome, tema.eixoId)
    .orderBy(asc(tema.nome));
  return rows
    .filter((r) => inAxes(axes, r.eixoId))
    .map((r) => ({ ...r, finalizadoEm: (r.finalizadoEm ? new Date(r.finalizadoEm) : new Date(0)).toISOString() }));
}

// ---------------------------------------------------------------- the municipality's questions

/** Which of the municipality's questions a new follow-up holds: one theme's (or all, for the diagnostic). */
export type QuestionScope = { temaId: number | null; nationalOnly: boolean; axes: Axes };

type StateRow = MunicipalityAnswerState & { perguntaMunicipioId: number; perguntaId: number; eixoId: number };

/** The municipality's current answers and evidence states of the questions in scope. */
export async function questionStates(db: Conn, tenantId: string, municipioId: number, scope: QuestionScope): Promise<StateRow[]> {
  if (scope.axes !== 'all' && scope.axes.size === 0) return [];
  return db
    .select({
      perguntaMunicipioId: perguntaMunicipio.perguntaMunicipioId,
      perguntaId: perguntaMunicipio.perguntaId,
      eixoId: eixo.eixoId,
      resposta: perguntaMunicipio.resposta,
      pontos: pergunta.pontos,
      evidencia: pergunta.evidencia,
      evidenciada: perguntaMunicipio.evidenciada,
      rejeitada: perguntaMunicipio.rejeitada,
    })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, questionOfMunicipality)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
    .where(
      scoped(
        perguntaMunicipio,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        scope.temaId === null ? undefined : eq(pergunta.temaId, scope.temaId),
        scope.nationalOnly ? eq(eixo.nacional, true) : undefined,
        scope.axes === 'all' ? undefined : inArray(eixo.eixoId, [...scope.axes]),
      ),
    )
    .orderBy(asc(pergunta.numero));
}

/** The theme of the tenant, or null. */
export async function findTheme(db: Db, tenantId: string, temaId: number) {
  const [row] = await db
    .select({ temaId: tema.temaId, nome: tema.nome, eixoId: tema.eixoId })
    .from(tema)
    .where(scoped(tema, tenantId, eq(tema.temaId, temaId)));
  return row ?? null;
}

// ---------------------------------------------------------------- writing (run by commands.ts)

/** The municipality's open follow-up of the theme (temaId null: its diagnostic one), or null. */
export async function findOpen(db: Conn, tenantId: string, municipioId: number, temaId: number | null): Promise<FollowupRow | null> {
  const condition =
    temaId === null
      ? and(eq(acompanhamento.municipioId, municipioId), eq(acompanhamento.diagnostico, true))
      : and(
          eq(acompanhamento.municipioId, municipioId),
          eq(acompanhamento.temaId, temaId),
          not(acompanhamento.finalizado),
          not(acompanhamento.diagnostico),
        );
  const [row] = await selectFollowups(db, tenantId, condition as SQL);
  return row ?? null;
}

/** What opening an existing follow-up answers: the points it discounted when created, and whether evidence was rejected since. */
export async function opened(db: Conn, tenantId: string, row: FollowupRow, scope: QuestionScope): Promise<NewFollowupResponse> {
  const { perguntasRejeitadas } = pendingPoints(await questionStates(db, tenantId, row.municipioId, scope));
  return { acompanhamentoId: row.acompanhamentoId, pontosNaoEvidenciados: row.pontosDescontados, perguntasRejeitadas };
}

/**
 * Creates the follow-up: the non-evidenced Sim answers of its questions are cleared (their points
 * are discounted, src/domain/followups.ts), and each question is copied in with the municipality's
 * answer. No question in scope: acompanhamentoId 0 and nothing created (spec §4). Another request
 * creating it at the same time fails on the partial unique indexes (isUniqueViolation).
 */
export async function createFollowup(
  tx: Tx,
  tenantId: string,
  input: { municipioId: number; nome: string; usuarioId: number; scope: QuestionScope },
): Promise<NewFollowupResponse> {
  const { municipioId, scope } = input;
  const states = await questionStates(tx, tenantId, municipioId, scope);
  if (states.length === 0) return { acompanhamentoId: 0, pontosNaoEvidenciados: 0, perguntasRejeitadas: false };
  const pending = pendingPoints(states);
  const cleared = new Set(states.filter((q) => q.resposta === true && q.evidencia && !q.evidenciada).map((q) => q.perguntaMunicipioId));
  if (cleared.size > 0) {
    await tx
      .update(perguntaMunicipio)
      .set({ resposta: null, salvo: false, atualizadoEm: sql`now()` })
      .where(scoped(perguntaMunicipio, tenantId, inArray(perguntaMunicipio.perguntaMunicipioId, [...cleared])));
  }
  const [created] = await tx
    .insert(acompanhamento)
    .values(
      withTenant(tenantId, {
        municipioId,
        temaId: scope.temaId,
        nome: input.nome,
        diagnostico: scope.temaId === null,
        usuarioId: input.usuarioId,
        pontosDescontados: pending.pontosNaoEvidenciados,
      }),
    )
    .returning({ acompanhamentoId: acompanhamento.acompanhamentoId });
  const acompanhamentoId = created!.acompanhamentoId;
  await tx.insert(acompanhamentoPergunta).values(
    states.map((q) => {
      const resposta = cleared.has(q.perguntaMunicipioId) ? null : q.resposta;
      return withTenant(tenantId, {
        acompanhamentoId,
        perguntaId: q.perguntaId,
        resposta,
        respondida: resposta !== null,
        pontosEspecificos: questionPoints(resposta, q.pontos),
      });
    }),
  );
  return { acompanhamentoId, ...pending };
}

export async function renameFollowup(db: Conn, tenantId: string, acompanhamentoId: number, nome: string): Promise<void> {
  await db
    .update(acompanhamento)
    .set({ nome })
    .where(scoped(acompanhamento, tenantId, eq(acompanhamento.acompanhamentoId, acompanhamentoId)));
}

/**
 * Reads the follow-up and locks its row until the transaction ends: answers and finalization of one
 * follow-up run one at a time. With its questions of the axes seen, every point computed; null when gone.
 */
export async function lockFollowup(
  tx: Tx,
  tenantId: string,
  acompanhamentoId: number,
  axes: Axes,
): Promise<{ row: FollowupRow; followup: Followup } | null> {
  const [row] = await tx
    .select(followupColumns)
    .from(acompanhamento)
    .leftJoin(tema, eq(tema.temaId, acompanhamento.temaId))
    .where(scoped(acompanhamento, tenantId, eq(acompanhamento.acompanhamentoId, acompanhamentoId)))
    .for('update', { of: acompanhamento });
  if (!row) return null;
  return { row, followup: present(row, await selectQuestions(tx, tenantId, [acompanhamentoId]), { showPoints: true, axes }) };
}

/** Stores answered questions: in the follow-up and as the municipality's answer to the question (pergunta_municipio). */
export async function saveAnswers(
  tx: Tx,
  tenantId: string,
  municipioId: number,
  answered: readonly FollowupQuestion[],
  usuarioId: number,
): Promise<void> {
  for (const q of answered) {
    await tx
      .update(acompanhamentoPergunta)
      .set({
        resposta: q.resposta,
        respondida: true,
        comentario: q.comentario,
        pontosEspecificos: q.pontos_especificos ?? 0,
        respondidaEm: sql`now()`,
        respondidaPor: usuarioId,
      })
      .where(scoped(acompanhamentoPergunta, tenantId, eq(acompanhamentoPergunta.acompanhamentoPerguntaId, q.acompanhamentoPerguntaId)));
    await tx
      .update(perguntaMunicipio)
      .set({ resposta: q.resposta, salvo: true, atualizadoEm: sql`now()` })
      .where(
        scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.municipioId, municipioId), eq(perguntaMunicipio.perguntaId, q.perguntaId)),
      );
  }
}

export async function markFinalized(tx: Tx, tenantId: string, acompanhamentoId: number): Promise<void> {
  await tx
    .update(acompanhamento)
    .set({ finalizado: true, finalizadoEm: sql`now()` })
    .where(scoped(acompanhamento, tenantId, eq(acompanhamento.acompanhamentoId, acompanhamentoId)));
}

// ---------------------------------------------------------------- diagnostic

/** The municipality's diagnostic follow-up (as this user sees it), or null before it is created. */
export async function getDiagnosticFollowup(db: Conn, tenantId: string, municipioId: number, view: FollowupView): Promise<Followup | null> {
  const [row] = await selectFollowups(
    db,
    tenantId,
    and(eq(acompanhamento.municipioId, municipioId), eq(acompanhamento.diagnostico, true)) as SQL,
  );
  return row ? present(row, await selectQuestions(db, tenantId, [row.acompanhamentoId]), view) : null;
}

/** The themes (with their axis) of the municipality's questions in scope, by name: the diagnostic's themes before it is created. */
export async function themesOfQuestions(db: Conn, tenantId: string, municipioId: number, axes: Axes) {
  if (axes !== 'all' && axes.size === 0) return [];
  const rows = await db
    .selectDistinct({ temaId: tema.temaId, nome: tema.nome, eixoId: tema.eixoId })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, questionOfMunicipality)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .where(
      scoped(
        perguntaMunicipio,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        axes === 'all' ? undefined : inArray(tema.eixoId, [...axes]),
      ),
    );
  const counts = await db
    .select({ temaId: pergunta.temaId, total: sql<number>`count(*)::int` })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, questionOfMunicipality)
    .where(scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.municipioId, municipioId)))
    .groupBy(pergunta.temaId);
  const total = new Map(counts.map((c) => [c.temaId, Number(c.total)]));
  return rows.map((r) => ({ ...r, total: total.get(r.temaId) ?? 0 }));
}
