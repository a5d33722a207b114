import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema/index.ts';
import { DEMO_ACCOUNTS, FIRST_ACCESS_EMAIL } from '../../server/seed/demo-accounts.ts';
import { seed } from '../../server/seed/index.ts';
import { isValidCpf } from '../../src/domain/cpf.ts';
import { createTestDatabase } from './test-app.ts';

// Two whole demo seeds (every tenant, every domain's demo data) run in the hook: on a busy 2-core
// machine they took longer than a minute, so the limit is a hang detector, not a speed goal.
const TIMEOUT = 180_000;

const COUNTED: Record<string, PgTable> = {
  tenant: s.tenant,
  configuracao: s.configuracao,
  municipio: s.municipio,
  usuarioGrupo: s.usuarioGrupo,
  usuario: s.usuario,
  usuarioPermissao: s.usuarioPermissao,
  pergunta: s.pergunta,
  perguntaMunicipio: s.perguntaMunicipio,
  membro: s.membro,
  membroGrupo: s.membroGrupo,
  municipioTarefa: s.municipioTarefa,
  municipioEvidencia: s.municipioEvidencia,
  encontro: s.encontro,
  encontroConvidado: s.encontroConvidado,
};

describe('demo seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: { created: number };
  let second: { created: number };
  let countsAfterFirst: Record<string, number>;

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(COUNTED)) {
      const [row] = await database.db.select({ n: count() }).from(table);
      result[name] = row!.n;
    }
    return result;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    first = await seed(database.db, { demoPassword: 'demo1234' });
    countsAfterFirst = await counts();
    second = await seed(database.db, { demoPassword: 'demo1234' });
  }, TIMEOUT);

  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });

  it(
    'creates rows once and nothing on a re-run',
    async () => {
      expect(first.created).toBeGreaterThan(0);
      expect(second.created).toBe(0);
      expect(await counts()).toEqual(countsAfterFirst);
    },
    TIMEOUT,
  );

  it(
    'creates every demo login in both tenants',
    async () => {
      const emails = [...DEMO_ACCOUNTS.map((a) => a.email), FIRST_ACCESS_EMAIL];
      for (const tenantId of ['sc', 'ms']) {
        const rows = await database.db
          .select({ email: s.usuario.email, senhaHash: s.usuario.senhaHash })
          .from(s.usuario)
          .where(and(eq(s.usuario.tenantId, tenantId), inArray(s.usuario.email, emails)));
        expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
        for (const r of rows) expect(r.senhaHash === null).toBe(r.email === FIRST_ACCESS_EMAIL);
      }
    },
    TIMEOUT,
  );

  it(
    'gives every user and member a valid CPF',
    async () => {
      const users = await database.db.select({ cpf: s.usuario.cpf }).from(s.usuario);
      const members = await database.db.select({ cpf: s.membro.cpf }).from(s.membro);
      const cpfs = [...users, ...members].map((r) => r.cpf);
      expect(cpfs.length).toBeGreaterThan(0);
      // Stored as 11 digits; the mask is applied on screen.
      for (const cpf of cpfs) expect(cpf !== null && /^\d{11}$/.test(cpf) && isValidCpf(cpf), `CPF ${cpf}`).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'creates the questions that business rules name in each tenant',
    async () => {
      const ids = [1, 3, 13, 112, 113, 114];
      for (const tenantId of ['sc', 'ms']) {
        const rows = await database.db
          .select({ id: s.pergunta.perguntaId })
          .from(s.pergunta)
          .where(and(eq(s.pergunta.tenantId, tenantId), inArray(s.pergunta.perguntaId, ids)));
        expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
      }
    },
    TIMEOUT,
  );
});
