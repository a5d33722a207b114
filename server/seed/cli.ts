import { openDatabase } from '../db/client.ts';
import { seed } from './index.ts';

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const { created } = await seed(database.db, { demoPassword: process.env.DEMO_PASSWORD ?? 'demo1234', log: console.log });
  console.log(created === 0 ? 'Seed: banco já populado, nada a criar.' : `Seed: ${created} linhas criadas.`);
} finally {
  await database.close();
}
