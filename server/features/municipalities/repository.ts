import { asc, eq, inArray } from 'drizzle-orm';
import type { MunicipalityListItem } from '../../../src/domain/municipality.ts';
import type { Db } from '../../db/client.ts';
import { municipio, projeto, status, statusContrato } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** `onlyIds` undefined = every municipality of the tenant. */
export async function listMunicipalities(db: Db, tenantId: string, onlyIds?: number[]): Promise<MunicipalityListItem[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({
      municipioId: municipio.municipioId,
      nome: municipio.nome,
      uf: municipio.uf,
      tipo: municipio.tipo,
      statusId: municipio.statusId,
      statusNome: status.statusNome,
      statusContratoId: municipio.statusContratoId,
      statusContratoNome: statusContrato.nome,
      projetoId: municipio.projetoId,
      projetoNome: projeto.nome,
      statusRelacionamento: municipio.statusRelacionamento,
      statusParticipacao: municipio.statusParticipacao,
      tipoPrograma: municipio.tipoPrograma,
    })
    .from(municipio)
    .leftJoin(status, eq(status.statusId, municipio.statusId))
    .leftJoin(statusContrato, eq(statusContrato.statusContratoId, municipio.statusContratoId))
    .leftJoin(projeto, eq(projeto.projetoId, municipio.projetoId))
    .where(scoped(municipio, tenantId, onlyIds ? inArray(municipio.municipioId, onlyIds) : undefined))
    .orderBy(asc(municipio.nome));
}
