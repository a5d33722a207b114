import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { MunicipalityDetail } from '../../src/domain/municipality.ts';
import { isVigente } from '../../src/domain/permissions.ts';
import { DEFAULT_VARIANT_ID, getVariant } from '../../src/domain/variants.ts';
import type { Db } from '../db/client.ts';
import { municipio, projeto, status, statusContrato } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';

/**
 * The municipality row as every gate reads it (server/lib/access.ts opens a municipality before a
 * route runs) and the municipalities feature lists it. Here, in server/lib, because the one access
 * gate lives in server/lib and lib never imports a feature.
 */
const listColumns = {
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
};

export function selectMunicipalities<T extends SelectedFields>(db: Db, columns: T) {
  return db
    .select({ ...listColumns, ...columns })
    .from(municipio)
    .leftJoin(status, eq(status.statusId, municipio.statusId))
    .leftJoin(statusContrato, eq(statusContrato.statusContratoId, municipio.statusContratoId))
    .leftJoin(projeto, eq(projeto.projetoId, municipio.projetoId));
}

export async function findMunicipalityDetail(db: Db, tenantId: string, municipioId: number) {
  const [row] = await selectMunicipalities(db, {
    pontos: municipio.pontos,
    medalha: municipio.medalha,
    selo: municipio.selo,
    imagem: municipio.imagem,
  }).where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  return row ?? null;
}

// No variant mode on the server: the client refines `vigente` for the Sala and AT modes.
const SERVER_MODE = getVariant(DEFAULT_VARIANT_ID);

/** GET api/municipio/{id}: the detail with the spec §6 vigente rule applied. */
export async function municipalityWithVigente(db: Db, tenantId: string, municipioId: number): Promise<MunicipalityDetail | null> {
  const row = await findMunicipalityDetail(db, tenantId, municipioId);
  return row ? { ...row, vigente: isVigente(row, SERVER_MODE, row.uf) } : null;
}

/** Whether the tenant has this municipality (a full admin sees every id, so another tenant's must still be "not found"). */
export async function municipalityExists(db: Db, tenantId: string, municipioId: number): Promise<boolean> {
  return (await db.$count(municipio, scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)))) > 0;
}
