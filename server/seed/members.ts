import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { MEMBER_ROLES, MUNICIPALITY_GROUPS, type MunicipalitySeed, type TenantSeed } from './data.ts';
import { cpfFor, phone, slug, type Ensure } from './ensure.ts';

/** Seed: each municipality's member groups and members. */

export type GroupMembers = { grupoId: number; membroIds: number[] }[];

export async function seedMembers(
  ensure: Ensure,
  t: TenantSeed,
  m: MunicipalitySeed,
  municipioId: number,
  position: number,
): Promise<GroupMembers> {
  const groups: GroupMembers = [];
  for (const nome of MUNICIPALITY_GROUPS) {
    const g = await ensure(s.municipioGrupo, [eq(s.municipioGrupo.municipioId, municipioId), eq(s.municipioGrupo.nome, nome)], {
      municipioId,
      nome,
    });
    groups.push({ grupoId: g.grupoId, membroIds: [] });
  }
  const govDomain = `${slug(m.nome)}.${t.uf.toLowerCase()}.gov.br`;
  for (let k = 0; k < m.membros; k++) {
    const role = MEMBER_ROLES[k]!;
    const person = t.firstNames[(position * 5 + k) % t.firstNames.length]!;
    // The two offsets differ in parity, so a member never gets the same surname twice.
    const middle = t.surnames[(position * 3 + k * 7) % t.surnames.length]!;
    const last = t.surnames[(position + k * 3 + 11) % t.surnames.length]!;
    const nome = `${person.nome} ${middle} ${last}`;
    const publicServant = role.orgao.startsWith('Prefeitura') || role.orgao.startsWith('Secretaria');
    const membro = await ensure(s.membro, [eq(s.membro.municipioId, municipioId), eq(s.membro.nome, nome)], {
      municipioId,
      nome,
      email: `${slug(person.nome.split(' ')[0]!)}.${slug(last)}@${publicServant ? govDomain : 'exemplo.com.br'}`,
      // Position and index keep the first block unique, as the (tenant, telefone) index requires.
      telefone: phone(m.ddd, 9100 + position * 10 + k, `membro:${t.id}:${nome}`),
      cpf: cpfFor(t, `membro:${m.nome}:${k}`),
      cargo: role.cargo[person.feminino ? 1 : 0],
      orgao: role.orgao.replace('{municipio}', m.nome).replace('{uf}', t.uf),
    });
    const group = groups[role.grupo]!;
    const lider = MEMBER_ROLES.findIndex((r) => r.grupo === role.grupo) === k;
    await ensure(s.membroGrupo, [eq(s.membroGrupo.grupoId, group.grupoId), eq(s.membroGrupo.membroId, membro.membroId)], {
      grupoId: group.grupoId,
      membroId: membro.membroId,
      lider,
    });
    group.membroIds.push(membro.membroId);
  }
  return groups;
}
