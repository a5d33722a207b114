import { BATCH_EVENTS_UF, visibleCityTabs, type CityTabContext } from './city-tabs.ts';
import { VARIANTS } from './variants.ts';

/**
 * Who may schedule events in batch (spec §2, "evento-em-lote"). Apart from src/domain/meetings.ts,
 * whose schemas and time-zone code the city layout, which asks this of every tab, does not need.
 */
export const BATCH_MESSAGES = {
  loteSomenteSc1: `Eventos em lote existem apenas no estado ${BATCH_EVENTS_UF}.`,
  loteSemPermissao: 'Eventos em lote são permitidos apenas a administradores e consultores especialistas do município.',
} as const;

const BATCH_PATH = '/cidade/:id/evento-em-lote';

/**
 * The batch events rule is the city tab's (src/domain/city-tabs.ts), reused as is so the screen
 * and the API can never disagree: state SC1, the tab's flag, and an admin or a specialist
 * consultant of the municipality. The tab's label does not matter, so any variant will do.
 */
export function canScheduleInBatch(ctx: CityTabContext, uf: string): boolean {
  return visibleCityTabs(ctx, VARIANTS.at, uf, { availablePaths: [BATCH_PATH] }).some((tab) => tab.id === 'evento-em-lote');
}

/** Why batch events are closed to this user, or null when they are open: the state is told first. */
export function batchRefusal(ctx: CityTabContext, uf: string): string | null {
  if (uf.trim().toUpperCase() !== BATCH_EVENTS_UF) return BATCH_MESSAGES.loteSomenteSc1;
  return canScheduleInBatch(ctx, uf) ? null : BATCH_MESSAGES.loteSemPermissao;
}
