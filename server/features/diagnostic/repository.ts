import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pergunta, perguntaMunicipio, seloDiagnostico, tema } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';

/** The diagnostic's sending (setar-enviada) and its yes/no questions 112-114, which are the municipality's own answers. */

export async function findSent(db: Conn, tenantId: string, municipioId: number): Promise<{ enviadoEm: string } | null> {
  const [row] = await db
    .select({ enviadoEm: seloDiagnostico.enviadoEm })
    .from(seloDiagnostico)
    .where(scoped(seloDiagnostico, tenantId, eq(seloDiagnostico.municipioId, municipioId)));
  return row ? { enviadoEm: row.enviadoEm.toISOString() } : null;
}

/** Marks the diagnostic sent; sending it again changes nothing. */
export async function markSent(db: Conn, tenantId: string, municipioId: number, usuarioId: number): Promise<void> {
  await db
    .insert(seloDiagnostico)
    .values(withTenant(tenantId, { municipioId, enviadoPor: usuarioId }))
    .onConflictDoNothing();
}

/** The questions (of the tenant) with the municipality's answer, null when it has none. */
export async function diagnosticAnswers(db: Conn, tenantId: string, municipioId: number, ids: readonly number[]) {
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

/** Whether the municipality's diagnostic was sent (inside the command's transaction). */
export async function isSent(conn: Conn, tenantId: string, municipioId: number): Promise<boolean> {
  const sent = await conn
    .select({ id: seloDiagnostico.seloDiagnosticoId })
    .from(seloDiagnostico)
    .where(scoped(seloDiagnostico, tenantId, eq(seloDiagnostico.municipioId, municipioId)));
  return sent.length > 0;
}

/** The axis of a question of the tenant, or null. */
export async function questionAxis(conn: Conn, tenantId: string, perguntaId: number): Promise<number | null> {
  const [question] = await conn
    .select({ eixoId: tema.eixoId })
    .from(pergunta)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .where(scoped(pergunta, tenantId, eq(pergunta.perguntaId, perguntaId)));
  return question?.eixoId ?? null;
}

/** Stores the municipality's answer to a question (its row in pergunta_municipio, created or updated). */
export async function saveAnswer(
  tx: Tx,
  tenantId: string,
  input: { municipioId: number; perguntaId: number; eixoId: number; resposta: boolean },
): Promise<void> {
  const { resposta } = input;
  await tx
    .insert(perguntaMunicipio)
    .values(withTenant(tenantId, { ...input, salvo: true }))
    .onConflictDoUpdate({
      target: [perguntaMunicipio.municipioId, perguntaMunicipio.perguntaId],
      set: { resposta, salvo: true, atualizadoEm: sql`now()` },
    });
}
