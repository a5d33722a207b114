import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { RELATIONSHIP_STATUS } from '../../src/domain/municipality.ts';
import { SOLUTION_TYPES, TENANTS } from './data.ts';
import type { Ensure, Tx } from './ensure.ts';

/** Demo groups of axes (api/eixosgrupos): named by what they gather, at most 5 axes each. */
const AXIS_GROUPS: { nome: string; descricao: string; eixos: string[] }[] = [
  {
    nome: 'Eixos nacionais',
    descricao: 'Os eixos que todo município do programa trabalha.',
    eixos: ['Ambiente de Negócios', 'Compras Públicas'],
  },
  {
    nome: 'Desenvolvimento local',
    descricao: 'Turismo e educação empreendedora, para municípios com vocação regional.',
    eixos: ['Empreendedorismo na Escola', 'Turismo'],
  },
];

/**
 * Seed of the axes family of registers (issue 17): groups of axes, the non-national
 * axes of each vigente municipality (the same ones its questions were seeded on, so
 * get-eixo-by-permissao-municipio answers as before), the themes enabled for it, and the solution
 * types (already created by the catalogue; ensured here in case it changes).
 */
export async function seedRegistersAxes(tx: Tx, tenantId: string, ensure: Ensure): Promise<void> {
  const axes = await tx.select({ eixoId: s.eixo.eixoId, nome: s.eixo.nome }).from(s.eixo).where(scoped(s.eixo, tenantId));
  const axisId = new Map(axes.map((a) => [a.nome, a.eixoId]));

  for (const g of AXIS_GROUPS) {
    const group = await ensure(s.eixosGrupo, [eq(s.eixosGrupo.nome, g.nome)], { nome: g.nome, descricao: g.descricao });
    for (const nome of g.eixos) {
      const eixoId = axisId.get(nome);
      if (eixoId === undefined) continue;
      await ensure(s.eixosGrupoEixo, [eq(s.eixosGrupoEixo.eixosGrupoId, group.eixosGrupoId), eq(s.eixosGrupoEixo.eixoId, eixoId)], {
        eixosGrupoId: group.eixosGrupoId,
        eixoId,
      });
    }
  }

  const tenant = TENANTS.find((t) => t.id === tenantId);
  const themes = await tx.select({ temaId: s.tema.temaId, eixoId: s.tema.eixoId }).from(s.tema).where(scoped(s.tema, tenantId));
  const national = new Set(
    (await tx.select({ eixoId: s.eixo.eixoId }).from(s.eixo).where(scoped(s.eixo, tenantId, eq(s.eixo.nacional, true)))).map((a) => a.eixoId),
  );
  for (const m of tenant?.municipios ?? []) {
    if (m.statusRelacionamento !== RELATIONSHIP_STATUS.vigente) continue;
    const [row] = await tx
      .select({ municipioId: s.municipio.municipioId })
      .from(s.municipio)
      .where(scoped(s.municipio, tenantId, eq(s.municipio.nome, m.nome)));
    if (!row) continue;
    const { municipioId } = row;
    const chosen = m.eixos.map((nome) => axisId.get(nome)).filter((id): id is number => id !== undefined);
    for (const eixoId of chosen) {
      await ensure(s.municipioEixo, [eq(s.municipioEixo.municipioId, municipioId), eq(s.municipioEixo.eixoId, eixoId)], { municipioId, eixoId });
    }
    // Every theme of the axes it works on is enabled.
    const worked = new Set([...national, ...chosen]);
    for (const theme of themes.filter((th) => worked.has(th.eixoId))) {
      await ensure(
        s.municipioTemaHabilitado,
        [eq(s.municipioTemaHabilitado.municipioId, municipioId), eq(s.municipioTemaHabilitado.temaId, theme.temaId)],
        { municipioId, temaId: theme.temaId },
      );
    }
  }

  for (const nome of SOLUTION_TYPES) await ensure(s.solucaoTipo, [eq(s.solucaoTipo.nome, nome)], { nome });
}
