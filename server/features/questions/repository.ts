import { asc, eq, inArray } from 'drizzle-orm';
import type { OfflineQuestion } from '../../../src/domain/offline-bundle.ts';
import type { Db } from '../../db/client.ts';
import { pergunta, perguntaMunicipio, tema } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { municipalityQuestionColumns, questionOfMunicipality } from '../../lib/question-columns.ts';

/** Questions of the municipality on the given axes ('all' = every axis), by theme then number. */
export async function listQuestions(
  db: Db,
  tenantId: string,
  municipioId: number,
  axes: 'all' | ReadonlySet<number>,
): Promise<OfflineQuestion[]> {
  if (axes !== 'all' && axes.size === 0) return [];
  const rows = await db
    .select({
      ...municipalityQuestionColumns,
      evidenciada: perguntaMunicipio.evidenciada,
      rejeitada: perguntaMunicipio.rejeitada,
      quantidadeArquivo: perguntaMunicipio.quantidadeArquivo,
      prazoReenvio: perguntaMunicipio.prazoReenvio,
    })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, questionOfMunicipality)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .where(
      scoped(
        perguntaMunicipio,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        axes === 'all' ? undefined : inArray(perguntaMunicipio.eixoId, [...axes]),
      ),
    )
    .orderBy(asc(tema.nome), asc(pergunta.numero));
  return rows.map((r) => ({ ...r, prazoReenvio: r.prazoReenvio ?? null }));
}

/** The tenant's themes on the given axes ('all' = every axis), by axis then name. */
