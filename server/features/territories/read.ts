import type { Visit } from '../../../src/domain/territories.ts';
import type { Conn } from '../../lib/command.ts';
import { listMunicipalityVisits } from './repository.ts';

/** What other features read of territories: the municipality's visits (the offline bundle carries them). */
export function listVisitsFor(db: Conn, tenantId: string, municipioId: number): Promise<Visit[]> {
  return listMunicipalityVisits(db, tenantId, municipioId);
}
