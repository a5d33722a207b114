import { registerDeviceTables } from '../../src/app/device-tables.ts';

/**
 * Every test that opens the device store needs its tables registered, as src/app/offline.ts does at
 * start-up (the Dexie versions are built from them).
 */
registerDeviceTables();
