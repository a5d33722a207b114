import { z } from 'zod';
import { requestOf } from '../../contract/endpoint.ts';
import { sala } from '../../contract/sala.ts';
import { formatPeriod, readingInputSchema, readingKey, readingRowSchema, type ReadingInput } from '../../domain/sala.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { defineMutationKind } from '../../offline/kinds.ts';

/**
 * A reading of the indicator map recorded on the device (issue 29 item 9): shown at once, sent once
 * by the outbox (its id is the Idempotency-Key), now or when the device is back online. The server
 * keeps one value per indicator and period, so the entity key is that pair: two readings of the
 * same period go in the order they were typed and the last one stays.
 */
export const SALA_READING_KIND = 'sala-reading';

export const readingEntity = (p: Pick<ReadingInput, 'municipioId' | 'indicadorId' | 'periodo'>) =>
  `salaLeitura:${readingKey(p.municipioId, p.indicadorId, p.periodo)}`;

/** What the payload carries besides the request: the indicator's name, for the sync centre. */
export const readingPayloadSchema = readingInputSchema.extend({ indicadorNome: z.string().max(200) });
export type ReadingPayload = ReadingInput & { indicadorNome: string };

const samePeriod = (db: OfflineDb, p: Pick<ReadingInput, 'municipioId' | 'indicadorId' | 'periodo'>) =>
  db.salaLeituras.where('[municipioId+indicadorId+periodo]').equals([p.municipioId, p.indicadorId, p.periodo]);

export const salaReadingKind = defineMutationKind<ReadingPayload>({
  name: SALA_READING_KIND,
  title: 'Leitura de indicador',
  schema: readingPayloadSchema,
  label: (p) => `Leitura de ${formatPeriod(p.periodo)}: ${p.indicadorNome}`,
  entityKey: (p) => readingEntity(p),
  toRequest: ({ indicadorNome: _name, ...body }) => requestOf(sala.saveReading, { body }),
  async applyLocal(db, p) {
    const existing = await samePeriod(db, p).first();
    const home = await db.salas.get(p.municipioId);
    const meta = p.meta ?? existing?.meta ?? home?.indicadores.find((i) => i.indicadorId === p.indicadorId)?.meta ?? 0;
    const values = { valor: p.valor, meta, observacao: p.observacao, pending: 1 as const };
    if (existing) {
      await db.salaLeituras.update(existing.indicadorMunicipioId, values);
      return;
    }
    // A reading the server has not numbered yet: a negative key no server id takes, replaced on reconcile.
    const tempId = -Date.now() - Math.floor(Math.random() * 1000);
    await db.salaLeituras.put({
      indicadorMunicipioId: tempId,
      chave: readingKey(p.municipioId, p.indicadorId, p.periodo),
      municipioId: p.municipioId,
      indicadorId: p.indicadorId,
      periodo: p.periodo,
      syncedAt: 0,
      ...values,
    });
  },
  async reconcile(db, _entry, response) {
    const reading = readingRowSchema.parse(response);
    await samePeriod(db, reading).delete();
    await db.salaLeituras.put({ ...reading, syncedAt: Date.now(), pending: 0 });
  },
  async revertLocal(db, entry) {
    // The device's copy goes back to what the server last said: a pull puts it back.
    await samePeriod(db, entry.payload)
      .filter((row) => row.indicadorMunicipioId < 0)
      .delete();
  },
});
