import { saoPauloDate } from '../../../src/domain/business-days.ts';
import { SOLUTION_MESSAGES as M } from '../../../src/domain/solutions.ts';
import { canWriteCityGroups, type PermissionContext } from '../../../src/domain/permissions.ts';
import { registerRecord } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import * as repo from './repository.ts';

type Group = NonNullable<Awaited<ReturnType<typeof repo.getMunicipalityGroup>>>;
type Solution = NonNullable<Awaited<ReturnType<typeof repo.getSolutionWithCourse>>>;
type Task = NonNullable<Awaited<ReturnType<typeof repo.getMunicipalityTask>>>;
type Evidence = NonNullable<Awaited<ReturnType<typeof repo.getMunicipalityEvidence>>>;

declare module '../../lib/access.ts' {
  interface Records {
    municipalitySolutionGroup: Group;
    municipalitySolution: Solution;
    municipalityTask: Task;
    municipalityEvidence: Evidence;
  }
}

/** "Today" for the started / finalized rules: the calendar day in São Paulo. */
export const today = () => saoPauloDate(new Date());

/**
 * The records the municipality's solutions endpoints name (src/contract/municipality-solutions.ts):
 * each is gated by the municipality it belongs to; one of a municipality out of sight answers
 * exactly like a missing one (its own message). Registered once.
 */
export function registerMunicipalitySolutionRecords(): void {
  registerRecord('municipalitySolutionGroup', { find: (db, t, id) => repo.getMunicipalityGroup(db, t, id), notFound: M.groupNotFound });
  // With its course as of today (started by its date or by a report), as GET municipiosolucao/{id} answers it.
  registerRecord('municipalitySolution', {
    find: (db, t, id) => repo.getSolutionWithCourse(db, t, id, today()),
    notFound: M.solutionNotFound,
  });
  registerRecord('municipalityTask', { find: (db, t, id) => repo.getMunicipalityTask(db, t, id), notFound: M.taskNotFound });
  registerRecord('municipalityEvidence', { find: (db, t, id) => repo.getMunicipalityEvidence(db, t, id), notFound: M.evidenceNotFound });
}

/**
 * Writing a municipality's groups, solutions, tasks and evidences needs a role in it (spec §6,
 * canWriteCityGroups). Not in the declarations: the rule reads the user's roles in the
 * municipality the record belongs to, which the access vocabulary (tab, admin, flag) cannot say.
 */
export function requireGroupsWriter(ctx: PermissionContext, municipioId: number): void {
  if (!canWriteCityGroups(ctx, municipioId)) throw forbidden();
}
