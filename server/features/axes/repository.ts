import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import type { Axis } from '../../../src/domain/axes.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { eixo, municipioEixo, perguntaMunicipio, projeto } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

const columns = {
  eixoId: eixo.eixoId,
  nome: eixo.nome,
  descricao: eixo.descricao,
  nacional: eixo.nacional,
  projetoId: eixo.projetoId,
  projetoNome: projeto.nome,
};

/** Sorted like every list the user reads: accent- and case-insensitive (spec §1). */
export async function selectAxes(db: Db, tenantId: string, condition?: SQL): Promise<Axis[]> {
  const rows = await db
    .select(columns)
    .from(eixo)
    .leftJoin(projeto, eq(projeto.projetoId, eixo.projetoId))
    .where(scoped(eixo, tenantId, condition));
  return rows.sort((a, b) => compareText(a.nome, b.nome) || a.eixoId - b.eixoId);
}

export function listAxes(db: Db, tenantId: string): Promise<Axis[]> {
  return selectAxes(db, tenantId);
}

export function listAxesOfProject(db: Db, tenantId: string, projetoId: number): Promise<Axis[]> {
  return selectAxes(db, tenantId, eq(eixo.projetoId, projetoId));
}

/**
 * The axes a municipality works on: every national axis, the ones an administrator chose for it
 * (municipio_eixo, /municipioEixo), and any other it has questions on, since a municipality
 * receives the questions of the axes it takes part in.
 */
export function listAxesOfMunicipality(db: Db, tenantId: string, municipioId: number): Promise<Axis[]> {
  const answered = db
    .select({ one: perguntaMunicipio.eixoId })
    .from(perguntaMunicipio)
    .where(
      and(scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.municipioId, municipioId)), eq(perguntaMunicipio.eixoId, eixo.eixoId)),
    );
  const chosen = db
    .select({ one: municipioEixo.eixoId })
    .from(municipioEixo)
    .where(and(scoped(municipioEixo, tenantId, eq(municipioEixo.municipioId, municipioId)), eq(municipioEixo.eixoId, eixo.eixoId)));
  return selectAxes(db, tenantId, or(eq(eixo.nacional, true), exists(chosen), exists(answered)));
}

export async function projectExists(db: Db, tenantId: string, projetoId: number): Promise<boolean> {
  return (await db.$count(projeto, scoped(projeto, tenantId, eq(projeto.projetoId, projetoId)))) > 0;
}

