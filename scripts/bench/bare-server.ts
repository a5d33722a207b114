import Fastify from 'fastify';

/**
 * The floor the API is compared with, in a process of its own as the API runs (issue 32, item 10):
 * bundled and started the same way (plain `node`), answering /api/health with a constant, and with
 * DATA_DIR the API's query on the same data, with no tenant, auth, helmet or schema serialisation.
 * Measured in the load generator's own process it was 15-36 % slower, which flattered the API.
 */
const app = Fastify({ logger: false });
app.get('/api/health', () => ({ ok: true }));
app.get('/bare/static', () => ({ ok: true }));
let close = async () => {};
if (process.env.DATA_DIR) {
  const [{ openDatabase }, { listMunicipalities }] = await Promise.all([
    import('../../server/db/client.ts'),
    import('../../server/features/municipalities/repository.ts'),
  ]);
  const database = await openDatabase({ dataDir: process.env.DATA_DIR });
  app.get('/bare/municipio', () => listMunicipalities(database.db, 'sc'));
  close = () => database.close();
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
