import type { OutboxStatus, SyncStatus } from '../data.ts';

/** How each queue item status reads in the sync centre (text first; the colour only repeats it). */
export const ENTRY_STATUS: Record<OutboxStatus, { label: string; colorPalette: string }> = {
  pending: { label: 'pendente', colorPalette: 'gray' },
  sending: { label: 'enviando', colorPalette: 'blue' },
  attention: { label: 'requer atenção', colorPalette: 'orange' },
  // Accepted by the server; disappears once this page has applied the answer locally.
  done: { label: 'enviado', colorPalette: 'green' },
};

export const SYNC_STATUS: Record<SyncStatus, { label: string; colorPalette: string }> = {
  online: { label: 'online', colorPalette: 'green' },
  offline: { label: 'offline', colorPalette: 'gray' },
  sincronizando: { label: 'sincronizando', colorPalette: 'blue' },
  'requer-atencao': { label: 'requer atenção', colorPalette: 'orange' },
};

export function itemsText(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
