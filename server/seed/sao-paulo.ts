import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { PROGRAMME_TYPE } from '../../src/domain/municipality.ts';
import { CONTRACT_STATUSES, SAO_PAULO, STATUS_BY_RELATIONSHIP, SYSTEM_FLAGS } from './data.ts';
import { makeEnsure, type Counter, type Tx } from './ensure.ts';

/** The São Paulo tenant of the single sign-on (data.ts SAO_PAULO); idempotent like the rest of the seed. */
export async function seedSaoPaulo(tx: Tx, counter: Counter): Promise<void> {
  const t = SAO_PAULO;
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
  for (const m of t.municipios) {
    await ensure(s.municipio, [eq(s.municipio.nome, m.nome), eq(s.municipio.uf, t.uf)], {
      nome: m.nome,
      uf: t.uf,
      codigoIbge: m.codigoIbge,
      tipo: 'municipio',
      statusId: statusIds.get(m.statusRelacionamento),
      statusContratoId: m.statusContrato ? contractIds.get(m.statusContrato) : null,
      projetoId: projeto.projetoId,
      statusRelacionamento: m.statusRelacionamento,
      statusParticipacao: m.statusParticipacao,
      tipoPrograma: PROGRAMME_TYPE.cidadeEmpreendedora,
      selo: null,
      pontos: m.pontos,
      medalha: null,
    });
  }
  for (const g of t.groups) {
    await ensure(s.usuarioGrupo, [eq(s.usuarioGrupo.nome, g.nome)], { nome: g.nome, ...g.flags, visualizaEixosIds: '[]' });
  }
}
