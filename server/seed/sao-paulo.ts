import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { PROGRAMME_TYPE } from '../../src/domain/municipality.ts';
import { SAO_PAULO } from './data.ts';
import type { Counter, Tx } from './ensure.ts';
import { seedTenantHead } from './tenant.ts';

/** The São Paulo tenant of the single sign-on (data.ts SAO_PAULO); idempotent like the rest of the seed. */
export async function seedSaoPaulo(tx: Tx, counter: Counter): Promise<void> {
  const t = SAO_PAULO;
  const { ensure, projeto, statusIdOf, contractIdOf } = await seedTenantHead(tx, t, counter);
  for (const m of t.municipios) {
    await ensure(s.municipio, [eq(s.municipio.nome, m.nome), eq(s.municipio.uf, t.uf)], {
      nome: m.nome,
      uf: t.uf,
      codigoIbge: m.codigoIbge,
      tipo: 'municipio',
      statusId: statusIdOf(m.statusRelacionamento),
      statusContratoId: contractIdOf(m.statusContrato),
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
