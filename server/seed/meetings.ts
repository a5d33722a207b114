import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { BASE_DATE, MEETINGS } from './data.ts';
import type { GroupMembers } from './members.ts';
import { addDays, businessDay, type Ensure } from './ensure.ts';

/** Seed: each municipality's meetings with guests, solutions and tasks. */

export async function seedMeetings(
  ensure: Ensure,
  municipioId: number,
  groups: GroupMembers,
  taskIds: number[],
  creatorId: number,
  vigenteIndex: number,
) {
  for (const [j, mt] of MEETINGS.entries()) {
    const day = businessDay(addDays(BASE_DATE, mt.dias + vigenteIndex));
    const group = groups[j % groups.length]!;
    // São Paulo time has been UTC-3 all year since daylight saving ended in 2019.
    const inicio = new Date(`${day}T${mt.inicio}:00-03:00`);
    const encontro = await ensure(s.encontro, [eq(s.encontro.municipioId, municipioId), eq(s.encontro.inicio, inicio)], {
      municipioId,
      grupoId: group.grupoId,
      titulo: mt.titulo,
      inicio,
      fim: new Date(`${day}T${mt.fim}:00-03:00`),
      encontroType: 'encontro',
      local: mt.local,
      criadoPorId: creatorId,
    });
    const picked = new Set(Array.from({ length: 1 + (j % 3) }, (_, x) => taskIds[(j * 3 + x * 2) % taskIds.length]!));
    for (const municipioTarefaId of picked) {
      await ensure(
        s.encontroTarefa,
        [eq(s.encontroTarefa.encontroId, encontro.encontroId), eq(s.encontroTarefa.municipioTarefaId, municipioTarefaId)],
        { encontroId: encontro.encontroId, municipioTarefaId },
      );
    }
    for (const membroId of group.membroIds.slice(0, 5)) {
      await ensure(
        s.encontroConvidado,
        [eq(s.encontroConvidado.encontroId, encontro.encontroId), eq(s.encontroConvidado.membroId, membroId)],
        { encontroId: encontro.encontroId, membroId, confirmado: mt.dias < 0 },
      );
    }
  }
}
