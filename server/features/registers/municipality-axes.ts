import { municipalityAxes } from '../../../src/contract/registers.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type MunicipalityAxis, type MunicipalityTheme } from '../../../src/domain/register-axes.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { eixo, municipio, municipioEixo, municipioTemaHabilitado, tema } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { requireOwned } from '../../lib/register.ts';
import { withCommand, type Conn } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { municipalityExists } from '../municipalities/read.ts';

const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';

async function requireMunicipalityRow(db: Db, tenantId: string, municipioId: number): Promise<void> {
  if (!(await municipalityExists(db, tenantId, municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
}

/** Every axis of the tenant, with whether the municipality works on it: national ones always, the others when chosen. */
async function readMunicipalityAxes(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalityAxis[]> {
  const [axes, chosen] = await Promise.all([
    db.select({ eixoId: eixo.eixoId, nome: eixo.nome, nacional: eixo.nacional }).from(eixo).where(scoped(eixo, tenantId)),
    db
      .select({ eixoId: municipioEixo.eixoId })
      .from(municipioEixo)
      .where(scoped(municipioEixo, tenantId, eq(municipioEixo.municipioId, municipioId))),
  ]);
  const ids = new Set(chosen.map((row) => row.eixoId));
  return axes
    .map((axis) => ({ ...axis, selecionado: axis.nacional || ids.has(axis.eixoId) }))
    .sort((a, b) => Number(b.nacional) - Number(a.nacional) || compareText(a.nome, b.nome) || a.eixoId - b.eixoId);
}

/** Every theme of the tenant, with whether it is enabled for the municipality. */
async function readMunicipalityThemes(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalityTheme[]> {
  const [themes, enabled] = await Promise.all([
    db
      .select({ temaId: tema.temaId, nome: tema.nome, eixoId: tema.eixoId, eixoNome: eixo.nome })
      .from(tema)
      .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
      .where(scoped(tema, tenantId)),
    db
      .select({ temaId: municipioTemaHabilitado.temaId })
      .from(municipioTemaHabilitado)
      .where(scoped(municipioTemaHabilitado, tenantId, eq(municipioTemaHabilitado.municipioId, municipioId))),
  ]);
  const ids = new Set(enabled.map((row) => row.temaId));
  return themes
    .map((theme) => ({ ...theme, habilitado: ids.has(theme.temaId) }))
    .sort((a, b) => compareText(a.eixoNome, b.eixoNome) || compareText(a.nome, b.nome) || a.temaId - b.temaId);
}

/**
 * Spec §7 api/MunicipiosEixos (batch update) and api/MunicipioTemasHabilitados: what a municipality
 * works on, read and replaced all at once by /municipioEixo and /municipioTemasHabilitados. The chosen
 * axes feed api/projeto/eixo/get-eixo-by-permissao-municipio (server/features/axes/repository.ts).
 * Both are administration screens: reading and writing need the screen's menu flag.
 */
export function municipalityAxesRoutes(app: FastifyInstance): void {
  const { db } = app;

  // The municipality is any of the tenant's (an administration screen, not the city's pages): a
  // missing one is a 404 here, while the access vocabulary's `municipality` would also hide the
  // ones out of the user's sight, so the handlers check it.
  route(app, municipalityAxes.axes, async ({ tenantId, params: { id } }) => {
    await requireMunicipalityRow(db, tenantId, id);
    return readMunicipalityAxes(db, tenantId, id);
  });

  route(app, municipalityAxes.saveAxes, async ({ request, tenantId, body: { municipioId, eixoIds } }) => {
    await requireMunicipalityRow(db, tenantId, municipioId);
    await requireOwned(db, tenantId, eixo, eixo.eixoId, eixoIds, 'Eixo não encontrado.');
    const local =
      eixoIds.length === 0
        ? []
        : (
            await db
              .select({ eixoId: eixo.eixoId })
              .from(eixo)
              .where(scoped(eixo, tenantId, and(inArray(eixo.eixoId, eixoIds), eq(eixo.nacional, false))))
          ).map((row) => row.eixoId);
    return withCommand(request, async (tx) => {
      await tx.delete(municipioEixo).where(scoped(municipioEixo, tenantId, eq(municipioEixo.municipioId, municipioId)));
      if (local.length > 0) await tx.insert(municipioEixo).values(local.map((eixoId) => withTenant(tenantId, { municipioId, eixoId })));
      return readMunicipalityAxes(tx, tenantId, municipioId);
    });
  });

  route(app, municipalityAxes.themes, async ({ tenantId, params: { id } }) => {
    await requireMunicipalityRow(db, tenantId, id);
    return readMunicipalityThemes(db, tenantId, id);
  });

  route(app, municipalityAxes.saveThemes, async ({ request, tenantId, body: { municipioId, temaIds } }) => {
    await requireMunicipalityRow(db, tenantId, municipioId);
    await requireOwned(db, tenantId, tema, tema.temaId, temaIds, 'Tema não encontrado.');
    return withCommand(request, async (tx) => {
      await tx
        .delete(municipioTemaHabilitado)
        .where(scoped(municipioTemaHabilitado, tenantId, eq(municipioTemaHabilitado.municipioId, municipioId)));
      if (temaIds.length > 0)
        await tx.insert(municipioTemaHabilitado).values(temaIds.map((temaId) => withTenant(tenantId, { municipioId, temaId })));
      return readMunicipalityThemes(tx, tenantId, municipioId);
    });
  });

  route(app, municipalityAxes.byIbgeCode, async ({ tenantId, params: { uf, code } }) => {
    const [row] = await db
      .select({ municipioId: municipio.municipioId, nome: municipio.nome, uf: municipio.uf, codigoIbge: municipio.codigoIbge })
      .from(municipio)
      .where(scoped(municipio, tenantId, eq(municipio.uf, uf), eq(municipio.codigoIbge, code)))
      .limit(1);
    if (!row || row.codigoIbge === null) throw notFound('Município não encontrado para esta UF e código IBGE.');
    return { ...row, codigoIbge: row.codigoIbge };
  });
}
