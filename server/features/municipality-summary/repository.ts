import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Summary } from '../../../src/domain/municipality-summary.ts';
import { resumoMunicipio as R, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';

/** The municipality summaries' SQL, scoped by tenant; rows or null. */

const editor = alias(usuario, 'editor');
const columns = {
  resumoId: R.resumoId,
  municipioId: R.municipioId,
  titulo: R.titulo,
  texto: R.texto,
  autorId: R.autorId,
  autorNome: usuario.nome,
  criadoEm: R.criadoEm,
  atualizadoEm: R.atualizadoEm,
  atualizadoPorNome: editor.nome,
};

function select(db: Conn) {
  return db.select(columns).from(R).innerJoin(usuario, eq(usuario.usuarioId, R.autorId)).leftJoin(editor, eq(editor.usuarioId, R.atualizadoPorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const out = (r: Row): Summary => ({ ...r, criadoEm: r.criadoEm.toISOString(), atualizadoEm: r.atualizadoEm?.toISOString() ?? null });

export async function listSummaries(db: Conn, tenantId: string, municipioId: number): Promise<Summary[]> {
  const rows = await select(db)
    .where(scoped(R, tenantId, eq(R.municipioId, municipioId)))
    .orderBy(desc(R.criadoEm), desc(R.resumoId));
  return rows.map(out);
}

export async function findSummary(db: Conn, tenantId: string, resumoId: number): Promise<Summary | null> {
  const [row] = await select(db).where(scoped(R, tenantId, eq(R.resumoId, resumoId)));
  return row ? out(row) : null;
}

export async function insertSummary(tx: Tx, tenantId: string, values: { municipioId: number; titulo: string; texto: string; autorId: number }) {
  const [row] = await tx.insert(R).values(withTenant(tenantId, values)).returning({ resumoId: R.resumoId });
  return row!.resumoId;
}

export async function updateSummary(tx: Tx, tenantId: string, resumoId: number, values: { titulo: string; texto: string; atualizadoPorId: number }) {
  const gone = await tx
    .update(R)
    .set({ ...values, atualizadoEm: new Date() })
    .where(scoped(R, tenantId, eq(R.resumoId, resumoId)))
    .returning({ resumoId: R.resumoId });
  return gone.length > 0;
}
