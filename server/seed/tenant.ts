import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { CONTRACT_STATUSES, STATUS_BY_RELATIONSHIP, SYSTEM_FLAGS } from './data.ts';
import { makeEnsure, type Counter, type Tx } from './ensure.ts';

type TenantHead = { id: string; nome: string; uf: string; projeto: { nome: string; descricao: string } };

/**
 * What every tenant of the demo starts with, in this order (the ids a fresh database hands out
 * depend on it): the tenant row, the system flags, the relationship and contract statuses and the
 * project. Idempotent like the rest of the seed.
 */
export async function seedTenantHead(tx: Tx, t: TenantHead, counter: Counter) {
  const [existing] = await tx.select().from(s.tenant).where(eq(s.tenant.id, t.id));
  if (!existing) {
    await tx.insert(s.tenant).values({ id: t.id, nome: t.nome, uf: t.uf });
    counter.created++;
  }
  const ensure = makeEnsure(tx, t.id, counter);
  await ensure(s.configuracao, [], { ...SYSTEM_FLAGS });
  const statusIds = new Map<number, number>();
  for (const [relationship, nome] of Object.entries(STATUS_BY_RELATIONSHIP)) {
    statusIds.set(Number(relationship), (await ensure(s.status, [eq(s.status.statusNome, nome)], { statusNome: nome })).statusId);
  }
  const contractIds = new Map<string, number>();
  for (const nome of CONTRACT_STATUSES) {
    contractIds.set(nome, (await ensure(s.statusContrato, [eq(s.statusContrato.nome, nome)], { nome })).statusContratoId);
  }
  const projeto = await ensure(s.projeto, [eq(s.projeto.nome, t.projeto.nome)], { ...t.projeto, uf: t.uf });
  return {
    ensure,
    projeto,
    /** The status row of a relationship (RELATIONSHIP_STATUS), and of a contract status by name. */
    statusIdOf: (relationship: number) => statusIds.get(relationship),
    contractIdOf: (contract: string | null) => (contract ? contractIds.get(contract) : null),
  };
}
