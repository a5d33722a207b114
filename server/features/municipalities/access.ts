import { registerRecord } from '../../lib/access.ts';
import * as repo from './repository.ts';

export const GROUP_NOT_FOUND = 'Grupo não encontrado.';

declare module '../../lib/access.ts' {
  interface Records {
    municipalityGroup: NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;
  }
}

/**
 * The record municipality group endpoints name (src/contract/municipalities.ts): a group is gated
 * by its municipality; one out of sight answers exactly like a missing one. Registered once.
 */
export function registerMunicipalityRecords(): void {
  registerRecord('municipalityGroup', { find: (db, tenantId, id) => repo.findGroup(db, tenantId, id), notFound: GROUP_NOT_FOUND });
}
