import { currentTenant } from '../api/tenant.ts';
import { getSession } from '../session/store.ts';
import { queuedMarker } from './queued-marker.ts';
import { getOfflineDb, offlineUnavailable } from './store.ts';

/**
 * Whether a screen may show the server's answer before the device's store has opened (issue 32:
 * the store, Dexie and the engine then load once the page has settled, not before the screen is
 * usable). The device's copy is older than the server's answer unless something is queued on this
 * device: a write waiting in the outbox (or parked there) whose local effect the device shows and
 * the server does not have yet. That is what a marker remembers, across visits and tabs,
 * without opening the store (queued-marker.ts).
 *
 * True when a screen opening now may show the server's answer first: online, the store not open
 * yet (once open, reading it costs nothing more), not refused by this browser, and nothing queued
 * by this user on this device.
 */
export function mayShowAnswerFirst(): boolean {
  if (typeof navigator === 'undefined' || !navigator.onLine) return false;
  if (getOfflineDb() !== null || offlineUnavailable()) return false;
  const session = getSession();
  if (!session.token) return false;
  return !queuedMarker(currentTenant(), session.user.usuarioId);
}
