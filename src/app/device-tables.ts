import { adminReportsTable } from '../features/admin-reports/table.ts';
import { reportsTable } from '../features/field-reports/table.ts';
import { plansTable } from '../features/sala-5w2h/table.ts';
import { evidenceFilesTable, evidenceQuestionsTable } from '../entities/evidence/table.ts';
import { followupsTable } from '../entities/followups/table.ts';
import { groupsTable } from '../entities/municipality-groups/table.ts';
import { meetingsTable } from '../entities/meetings/table.ts';
import { membersTable } from '../entities/members/table.ts';
import { municipalitiesTable } from '../entities/municipality/table.ts';
import { questionsTable } from '../entities/questions/table.ts';
import { solutionsTable, taskProgressTable, tasksTable } from '../entities/tasks/table.ts';
import { readingsTable, roomsTable } from '../entities/sala/table.ts';
import { visitsTable } from '../entities/territories/table.ts';
import { registerDeviceTable, type DeviceTableDeclaration } from '../offline/tables.ts';

/**
 * Every device table, as each entity or feature declares it: its stores, its row schema and how the
 * offline bundle fills it. The page and the service worker open the store with the same tables'
 * stores only (device-stores.ts): both must open the same Dexie versions, or an upgrade run by one
 * would skip the tables it did not know. The page registers this list later, replacing those
 * stores by name (offline-declarations.ts), before the bundle or the engine needs a row schema.
 */
export const DEVICE_TABLES: readonly DeviceTableDeclaration[] = [
  municipalitiesTable,
  groupsTable,
  membersTable,
  meetingsTable,
  solutionsTable,
  tasksTable,
  questionsTable,
  followupsTable,
  evidenceFilesTable,
  reportsTable,
  adminReportsTable,
  evidenceQuestionsTable,
  taskProgressTable,
  roomsTable,
  readingsTable,
  plansTable,
  visitsTable,
];

export function registerDeviceTables(): void {
  for (const table of DEVICE_TABLES) registerDeviceTable(table);
}
