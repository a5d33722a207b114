import { adminReportsStores } from '../features/admin-reports/stores.ts';
import { reportsStores } from '../features/field-reports/stores.ts';
import { plansStores } from '../features/sala-5w2h/stores.ts';
import { evidenceFilesStores, evidenceQuestionsStores } from '../entities/evidence/stores.ts';
import { followupsStores } from '../entities/followups/stores.ts';
import { groupsStores } from '../entities/municipality-groups/stores.ts';
import { meetingsStores } from '../entities/meetings/stores.ts';
import { membersStores } from '../entities/members/stores.ts';
import { municipalitiesStores } from '../entities/municipality/stores.ts';
import { questionsStores } from '../entities/questions/stores.ts';
import { solutionsStores, taskProgressStores, tasksStores } from '../entities/tasks/stores.ts';
import { readingsStores, roomsStores } from '../entities/sala/stores.ts';
import { visitsStores } from '../entities/territories/stores.ts';
import { registerDeviceTable, type DeviceTableStores } from '../offline/tables.ts';

/**
 * What the page and the service worker register before opening the store: each device table's
 * name, Dexie stores and upgrades, without its row schema (the schemas would bring zod and every
 * domain's schemas into the worker, and onto the page's first screen: issue 32). The same tables, in
 * the same order, as DEVICE_TABLES (device-tables.ts; a test holds the two lists equal): both must
 * open the same Dexie versions.
 */
export const DEVICE_STORES: readonly DeviceTableStores[] = [
  municipalitiesStores,
  groupsStores,
  membersStores,
  meetingsStores,
  solutionsStores,
  tasksStores,
  questionsStores,
  followupsStores,
  evidenceFilesStores,
  reportsStores,
  adminReportsStores,
  evidenceQuestionsStores,
  taskProgressStores,
  roomsStores,
  readingsStores,
  plansStores,
  visitsStores,
];

export function registerDeviceStores(): void {
  for (const stores of DEVICE_STORES) registerDeviceTable(stores);
}
