import { and, desc, eq } from 'drizzle-orm';
import type { Answers, Channel, RoundRow, ShopperSeal } from '../../../src/domain/mystery-shopper.ts';
import { score } from '../../../src/domain/mystery-shopper.ts';
import { clienteOcultoRodada as rodada, municipio } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

/** The rounds' SQL, scoped by tenant: rows or null, never an HTTP error. */

const columns = {
  rodadaId: rodada.rodadaId,
  municipioId: rodada.municipioId,
  grupo: rodada.grupo,
  dataVisita: rodada.dataVisita,
  avaliador: rodada.avaliador,
  canal: rodada.canal,
  observacoes: rodada.observacoes,
  respostas: rodada.respostas,
  finalizada: rodada.finalizada,
  pontuacao: rodada.pontuacao,
  selo: rodada.selo,
  tokenSelo: rodada.tokenSelo,
  finalizadaEm: rodada.finalizadaEm,
};

export type StoredRound = {
  rodadaId: number;
  municipioId: number;
  grupo: string;
  dataVisita: string;
  avaliador: string;
  canal: Channel;
  observacoes: string;
  respostas: Answers;
  finalizada: boolean;
  pontuacao: number | null;
  selo: ShopperSeal | null;
  tokenSelo: string | null;
  finalizadaEm: Date | null;
};

/** A list row: an open round shows its live score (and the seal it would earn so far), a finalized one its frozen result. */
export function rowOf(r: StoredRound): RoundRow {
  const pontuacao = r.finalizada && r.pontuacao !== null ? r.pontuacao : score(r.respostas);
  return {
    rodadaId: r.rodadaId,
    municipioId: r.municipioId,
    grupo: r.grupo,
    dataVisita: r.dataVisita,
    avaliador: r.avaliador,
    canal: r.canal,
    status: r.finalizada ? 'finalizada' : 'aberta',
    pontuacao,
    selo: r.finalizada ? r.selo : null,
    finalizadaEm: r.finalizadaEm?.toISOString() ?? null,
  };
}

export async function findRound(db: Conn, tenantId: string, rodadaId: number): Promise<StoredRound | null> {
  const [row] = await db
    .select(columns)
    .from(rodada)
    .where(scoped(rodada, tenantId, eq(rodada.rodadaId, rodadaId)));
  return row ?? null;
}

/** Locks the round for a write (FOR UPDATE): a save and a finalize of the same round never interleave. */
export async function lockRound(db: Conn, tenantId: string, rodadaId: number): Promise<StoredRound | null> {
  const [row] = await db
    .select(columns)
    .from(rodada)
    .where(scoped(rodada, tenantId, eq(rodada.rodadaId, rodadaId)))
    .for('update');
  return row ?? null;
}

/** The municipality's rounds, the latest visit first. */
export async function listRounds(db: Conn, tenantId: string, municipioId: number): Promise<StoredRound[]> {
  return db
    .select(columns)
    .from(rodada)
    .where(scoped(rodada, tenantId, eq(rodada.municipioId, municipioId)))
    .orderBy(desc(rodada.dataVisita), desc(rodada.rodadaId));
}

/** The finalized rounds, the latest visit first: the first one's seal is the municipality's. */
export async function listFinalized(db: Conn, tenantId: string, municipioId: number): Promise<StoredRound[]> {
  return db
    .select(columns)
    .from(rodada)
    .where(scoped(rodada, tenantId, eq(rodada.municipioId, municipioId), eq(rodada.finalizada, true)))
    .orderBy(desc(rodada.dataVisita), desc(rodada.finalizadaEm), desc(rodada.rodadaId));
}

type Fields = { grupo: string; dataVisita: string; avaliador: string; canal: Channel; observacoes: string };

export async function insertRound(db: Conn, tenantId: string, municipioId: number, criadoPorId: number, fields: Fields): Promise<number> {
  const [row] = await db
    .insert(rodada)
    .values(withTenant(tenantId, { municipioId, criadoPorId, ...fields }))
    .returning({ id: rodada.rodadaId });
  return row!.id;
}

export async function updateRound(db: Conn, tenantId: string, rodadaId: number, fields: Fields & { respostas: Answers }): Promise<void> {
  await db
    .update(rodada)
    .set({ ...fields, atualizadoEm: new Date() })
    .where(scoped(rodada, tenantId, eq(rodada.rodadaId, rodadaId)));
}

export async function finalizeRound(
  db: Conn,
  tenantId: string,
  rodadaId: number,
  result: { pontuacao: number; selo: ShopperSeal | null; tokenSelo: string | null },
): Promise<void> {
  await db
    .update(rodada)
    .set({ ...result, finalizada: true, finalizadaEm: new Date(), atualizadoEm: new Date() })
    .where(scoped(rodada, tenantId, eq(rodada.rodadaId, rodadaId)));
}

export async function deleteRound(db: Conn, tenantId: string, rodadaId: number): Promise<void> {
  await db.delete(rodada).where(scoped(rodada, tenantId, eq(rodada.rodadaId, rodadaId)));
}

/** The municipality's seal (municipio.selo, read by the city header's rule and by access) follows its latest finalized round. */
export async function setMunicipalitySeal(db: Conn, tenantId: string, municipioId: number, selo: ShopperSeal | null): Promise<void> {
  await db
    .update(municipio)
    .set({ selo })
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
}

/** A finalized round with a seal, by its certificate's id, with its municipality's name and state. */
export async function findByToken(db: Conn, tenantId: string, token: string) {
  const [row] = await db
    .select({ ...columns, municipioNome: municipio.nome, uf: municipio.uf })
    .from(rodada)
    .innerJoin(municipio, eq(municipio.municipioId, rodada.municipioId))
    .where(and(scoped(rodada, tenantId, eq(rodada.tokenSelo, token), eq(rodada.finalizada, true))));
  return row ?? null;
}
