import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client.ts';

/**
 * 0000_init.sql was edited after it first landed (tenant.versao_permissoes added, journal date
 * moved) and landed again so; it stays as last landed and 0004 adds the column IF NOT EXISTS.
 * Databases of both histories must end correct.
 */
const root = mkdtempSync(path.join(tmpdir(), 'ce-migration-history-'));

/**
 * One PGlite for the file: starting one runs initdb, which costs several times a whole migration
 * history (seconds each on a busy machine), so each test empties this one instead (freshDatabase).
 */
let shared: PGlite;
beforeAll(async () => {
  shared = await PGlite.create();
});
afterAll(async () => {
  await shared?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The shared database as initdb left it: the migrations create nothing outside these two schemas. */
async function freshDatabase(): Promise<PGlite> {
  await shared.exec('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return shared;
}

type Journal = { entries: { tag: string; when: number }[] };

/** A migrations folder holding the first `count` journal entries, optionally rewritten by `edit`. */
function historyFolder(name: string, count: number, edit?: (sql: string, journal: Journal) => string) {
  const folder = path.join(root, name);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  journal.entries = journal.entries.slice(0, count);
  const initFile = path.join(folder, '0000_init.sql');
  if (edit) writeFileSync(initFile, edit(readFileSync(initFile, 'utf8'), journal));
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function tenantColumns(client: PGlite) {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'tenant' ORDER BY column_name`,
  );
  return rows.map((r) => r.column_name);
}

/** The permission-version trigger of 0001 works: a user change bumps the tenant's version. */
async function expectTriggerBumps(client: PGlite) {
  await client.exec(`INSERT INTO tenant (id, nome, uf) VALUES ('t1', 'T', 'SC')`);
  await client.exec(`INSERT INTO configuracao (tenant_id) VALUES ('t1')`);
  const { rows } = await client.query<{ v: string }>(`SELECT versao_permissoes::text AS v FROM tenant WHERE id = 't1'`);
  expect(Number(rows[0]!.v)).toBeGreaterThan(0);
}

describe('migration history', () => {
  it('upgrades a database migrated with the landed 0000_init.sql', async () => {
    const client = await freshDatabase();
    const first = historyFolder('landed', 4, (sql, journal) => {
      journal.entries[0]!.when = 1795312774615;
      return sql.replace('\t"versao_permissoes" bigint DEFAULT 0 NOT NULL,\n', '');
    });
    await migrate(drizzle(client), { migrationsFolder: first });
    expect(await tenantColumns(client)).not.toContain('versao_permissoes');
    await migrate(drizzle(client), { migrationsFolder });
    expect(await tenantColumns(client)).toContain('versao_permissoes');
    await expectTriggerBumps(client);
  }, 60_000);

  it('upgrades a database migrated with the edited 0000_init.sql', async () => {
    const client = await freshDatabase();
    await migrate(drizzle(client), { migrationsFolder: historyFolder('edited', 4) });
    expect(await tenantColumns(client)).toContain('versao_permissoes');
    await migrate(drizzle(client), { migrationsFolder });
    await expectTriggerBumps(client);
  }, 60_000);

  it("0008 moves each group of solutions' axis into grupo_solucao_eixo before dropping the column", async () => {
    const client = await freshDatabase();
    await migrate(drizzle(client), { migrationsFolder: historyFolder('before-0008', 8) });
    await client.exec(`
      INSERT INTO tenant (id, nome, uf) VALUES ('t8', 'T', 'SC');
      INSERT INTO projeto (projeto_id, tenant_id, nome, uf) VALUES (80, 't8', 'P', 'SC');
      INSERT INTO eixo (eixo_id, tenant_id, nome, projeto_id) VALUES (81, 't8', 'Eixo', 80);
      INSERT INTO grupo_solucao (grupo_solucao_id, tenant_id, projeto_id, eixo_id, nome) VALUES (82, 't8', 80, 81, 'Com eixo');
      INSERT INTO grupo_solucao (grupo_solucao_id, tenant_id, projeto_id, eixo_id, nome) VALUES (83, 't8', 80, NULL, 'Sem eixo');
    `);
    await migrate(drizzle(client), { migrationsFolder });
    const { rows } = await client.query<{ grupo_solucao_id: number; eixo_id: number; tenant_id: string }>(
      `SELECT grupo_solucao_id, eixo_id, tenant_id FROM grupo_solucao_eixo ORDER BY grupo_solucao_id`,
    );
    expect(rows).toEqual([{ grupo_solucao_id: 82, eixo_id: 81, tenant_id: 't8' }]);
    const columns = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'grupo_solucao'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('eixo_id');
  }, 60_000);

  it("progress-summary backfills each report line's share and each task's used hours and done flag, then keeps them", async () => {
    const client = await freshDatabase();
    const before = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
    const index = before.entries.findIndex((e) => e.tag.endsWith('_progress-summary'));
    await migrate(drizzle(client), { migrationsFolder: historyFolder('before-progress-summary', index) });
    await client.exec(`
      INSERT INTO tenant (id, nome, uf) VALUES ('t9', 'T', 'SC');
      INSERT INTO municipio (municipio_id, tenant_id, nome, uf) VALUES (90, 't9', 'M', 'SC');
      INSERT INTO usuario (usuario_id, tenant_id, nome, email) VALUES (90, 't9', 'U', 'u@t9.local');
      INSERT INTO projeto (projeto_id, tenant_id, nome, uf) VALUES (90, 't9', 'P', 'SC');
      INSERT INTO grupo_solucao (grupo_solucao_id, tenant_id, projeto_id, nome) VALUES (90, 't9', 90, 'G');
      INSERT INTO solucao (solucao_id, tenant_id, grupo_solucao_id, nome) VALUES (90, 't9', 90, 'S');
      INSERT INTO municipio_grupo_solucao (municipio_grupo_solucao_id, tenant_id, municipio_id, grupo_solucao_id, nome) VALUES (90, 't9', 90, 90, 'G');
      INSERT INTO municipio_solucao (municipio_solucao_id, tenant_id, municipio_id, solucao_id, municipio_grupo_solucao_id, nome)
        VALUES (90, 't9', 90, 90, 90, 'S');
      INSERT INTO municipio_tarefa (municipio_tarefa_id, tenant_id, municipio_id, municipio_solucao_id, nome)
        VALUES (91, 't9', 90, 90, 'A'), (92, 't9', 90, 90, 'B'), (93, 't9', 90, 90, 'C');
      INSERT INTO relatorio (relatorio_id, tenant_id, municipio_id, usuario_id, titulo, descricao, codigo_publico, horas_utilizadas_string)
        VALUES (91, 't9', 90, 90, 'R1', '', 'r91', '6'), (92, 't9', 90, 90, 'R2', '', 'r92', '3'), (93, 't9', 90, 90, 'R3', '', 'r93', 'duas');
      INSERT INTO relatorio_tarefa (tenant_id, relatorio_id, municipio_tarefa_id, cumprida)
        VALUES ('t9', 91, 91, true), ('t9', 91, 92, false), ('t9', 92, 92, false), ('t9', 93, 93, true);
    `);
    await migrate(drizzle(client), { migrationsFolder });
    const tasks = async () =>
      (
        await client.query<{ id: number; horas: string; cumprida: boolean }>(
          `SELECT municipio_tarefa_id AS id, horas_utilizadas::text AS horas, cumprida FROM municipio_tarefa WHERE tenant_id = 't9' ORDER BY 1`,
        )
      ).rows.map((r) => [r.id, Number(r.horas), r.cumprida]);
    // R1's 6 hours split over A and B, R2's 3 all on B; R3's hours are not a whole number: none.
    expect(await tasks()).toEqual([
      [91, 3, true],
      [92, 6, false],
      [93, 0, true],
    ]);
    // Then the triggers: R1's hours change, R2 goes, and C stops being done.
    await client.exec(`
      UPDATE relatorio SET horas_utilizadas_string = '10' WHERE relatorio_id = 91;
      DELETE FROM relatorio WHERE relatorio_id = 92;
      UPDATE relatorio_tarefa SET cumprida = false WHERE relatorio_id = 93;
    `);
    expect(await tasks()).toEqual([
      [91, 5, true],
      [92, 5, false],
      [93, 0, false],
    ]);
  }, 60_000);
});
