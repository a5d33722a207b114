import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salaTime } from '../../../src/contract/sala-time.ts';
import { SALA_TIME_MESSAGES, timeAverages } from '../../../src/domain/sala-time.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { registerTimeRecords } from './access.ts';
import * as repo from './repository.ts';

/**
 * The time room (spec §7 api/salatempo), declared in src/contract/sala-time.ts. An import is one
 * transaction: every line or none. The public panel answers the averages and the municipality's
 * name for a current secret only; the rows themselves (with their observations) never leave the room.
 */
export const salaTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerTimeRecords();
  const missing = () => notFound(SALA_TIME_MESSAGES.naoEncontrado);
  const found = <T>(row: T | null): T => {
    if (row === null) throw missing();
    return row;
  };

  route(app, salaTime.create, async ({ request, reply, tenantId, body }) => {
    const [row] = await withCommand(request, (tx) => repo.insertTimes(tx, tenantId, [body]));
    return reply.status(201).send(row!);
  });

  route(app, salaTime.update, async ({ request, tenantId, record, body }) => {
    const { salaTempoId: _id, municipioId: _moved, ...fields } = body;
    return found(await withCommand(request, (tx) => repo.updateTime(tx, tenantId, record.salaTempoId, fields)));
  });

  route(app, salaTime.remove, async ({ reply, tenantId, record }) => {
    if (!(await repo.deleteTime(db, tenantId, record.salaTempoId))) throw missing();
    return reply.status(204).send(null);
  });

  route(app, salaTime.importRows, async ({ request, reply, tenantId, body }) => {
    const rows = body.linhas.map((linha) => ({ ...linha, municipioId: body.municipioId }));
    const inserted = await withCommand(request, (tx) => repo.insertTimes(tx, tenantId, rows));
    return reply.status(201).send({ importados: inserted.length });
  });

  route(app, salaTime.ofMunicipality, async ({ tenantId, municipality }) => {
    const [registros, painelHash] = await Promise.all([
      repo.listTimes(db, tenantId, municipality.municipioId),
      repo.findPanelHash(db, tenantId, municipality.municipioId),
    ]);
    return { municipioId: municipality.municipioId, registros, medias: timeAverages(registros), painelHash };
  });

  route(app, salaTime.sharePanel, async ({ tenantId, municipality }) => {
    const painelHash = randomBytes(24).toString('base64url');
    await repo.setPanelHash(db, tenantId, municipality.municipioId, painelHash);
    return { painelHash };
  });

  route(app, salaTime.revokePanel, async ({ tenantId, municipality }) => {
    await repo.deletePanel(db, tenantId, municipality.municipioId);
    return { painelHash: null };
  });

  route(app, salaTime.publicPanel, async ({ tenantId, params }) => {
    const panel = await repo.findPanel(db, tenantId, params.hash);
    if (!panel) throw notFound(SALA_TIME_MESSAGES.painelNaoEncontrado);
    const rows = await repo.listTimes(db, tenantId, panel.municipioId);
    return { municipio: { nome: panel.nome, uf: panel.uf }, medias: timeAverages(rows) };
  });
};
