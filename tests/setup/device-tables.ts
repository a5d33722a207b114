import { registerDeviceTables } from '../../src/app/device-tables.ts';
import { registerEngineRoutes } from '../../src/app/engine-routes.ts';

/**
 * Every test that opens the device store needs its tables registered, as src/app/offline.ts does at
 * start-up (the Dexie versions are built from them), and the engine the paths it calls itself.
 */
registerDeviceTables();
registerEngineRoutes();
