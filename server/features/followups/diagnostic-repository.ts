import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FOLLOWUP_MESSAGES } from '../../../src/domain/followups.ts';
import type { Db } from '../../db/client.ts';
import { pergunta, perguntaMunicipio, seloDiagnostico, tema } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/** The diagnostic's sending (setar-enviada) and its yes/no questions 112-114, which are the municipality's own answers. */

export async function findSent(db: Db, tenantId: string, municipioId: number): Promise<{ enviadoEm: string } | null> {
  const [row] = await db
    .select({ enviadoEm: seloDiagnostico.enviadoEm })
    .from(seloDiagnostico)
    .where(scoped(seloDiagnostico, tenantId, eq(seloDiagnostico.municipioId, municipioId)));
  return row ? { enviadoEm: row.enviadoEm.toISOString() } : null;
}

/** Marks the diagnostic sent; sending it again changes nothing. */
export async function markSent(db: Db, tenantId: string, municipioId: number, usuarioId: number): Promise<void> {
  await db
    .insert(seloDiagnostico)
    .values(withTenant(tenantId, { municipioId, enviadoPor: usuarioId }))
    .onConflictDoNothing();
}

/** The questions (of the tenant) with the municipality's answer, null when it has none. */
export async function diagnosticAnswers(db: Db, tenantId: string, municipioId: number, ids: readonly number[]) {
  const rows = await db
    .select({ perguntaId: pergunta.perguntaId, texto: pergunta.texto, resposta: perguntaMunicipio.resposta })
    .from(pergunta)
    .leftJoin(
      perguntaMunicipio,
      and(
        eq(perguntaMunicipio.tenantId, pergunta.tenantId),
        eq(perguntaMunicipio.perguntaId, pergunta.perguntaId),
        eq(perguntaMunicipio.municipioId, municipioId),
      ),
    )
    .where(scoped(pergunta, tenantId, inArray(pergunta.perguntaId, [...ids])))
    .orderBy(asc(pergunta.perguntaId));
  return rows.map((r) => ({ ...r, resposta: r.resposta ?? null }));
}

/** Sets the municipality's answer to a diagnostic question, refused (409) once the diagnostic was sent. */
export async function setDiagnosticAnswer(db: Db, tenantId: string, municipioId: number, perguntaId: number, resposta: boolean) {
  await db.transaction(async (tx) => {
    const sent = await tx
      .select({ id: seloDiagnostico.seloDiagnosticoId })
      .from(seloDiagnostico)
      .where(scoped(seloDiagnostico, tenantId, eq(seloDiagnostico.municipioId, municipioId)));
    if (sent.length > 0) throw conflict(FOLLOWUP_MESSAGES.diagnosticSent);
    const [question] = await tx
      .select({ eixoId: tema.eixoId })
      .from(pergunta)
      .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
      .where(scoped(pergunta, tenantId, eq(pergunta.perguntaId, perguntaId)));
    if (!question) throw notFound('Pergunta não encontrada.');
    await tx
      .insert(perguntaMunicipio)
      .values(withTenant(tenantId, { municipioId, perguntaId, eixoId: question.eixoId, resposta, salvo: true }))
      .onConflictDoUpdate({
        target: [perguntaMunicipio.municipioId, perguntaMunicipio.perguntaId],
        set: { resposta, salvo: true, atualizadoEm: sql`now()` },
      });
  });
}
