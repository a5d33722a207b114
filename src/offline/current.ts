import Dexie, { type Table } from 'dexie';

/**
 * Who is signed in on this device, in IndexedDB because the service worker cannot read
 * localStorage: its Background Sync drain needs the tenant and user (to open their store) and the
 * token (to send). Written at sign-in and on token refresh, cleared at sign-out.
 */
export type CurrentIdentity = { tenant: string; userId: number; token: string };

type IdentityRow = CurrentIdentity & { key: 'current' };

class CurrentDb extends Dexie {
  identity!: Table<IdentityRow, string>;

  constructor() {
    super('ce-offline-current');
    this.version(1).stores({ identity: '&key' });
  }
}

let shared: CurrentDb | null = null;

function currentDb(): CurrentDb {
  shared ??= new CurrentDb();
  return shared;
}

export async function setCurrentIdentity(identity: CurrentIdentity): Promise<void> {
  await currentDb().identity.put({ key: 'current', tenant: identity.tenant, userId: identity.userId, token: identity.token });
}

export async function getCurrentIdentity(): Promise<CurrentIdentity | null> {
  const row = await currentDb().identity.get('current');
  return row ? { tenant: row.tenant, userId: row.userId, token: row.token } : null;
}

export async function clearCurrentIdentity(): Promise<void> {
  await currentDb().identity.delete('current');
}
