import { readItem, writeItem } from '../session/local-storage.ts';

const TENANT_KEY = 'ce:uf';
const DEFAULT_TENANT = 'sc';
const TENANT_PATTERN = /^[a-z]{2}$/;

// Also kept in memory, so a `?uf=` still applies for this visit when storage is unavailable.
let selected: string | null = null;

/**
 * A `?uf=xx` in the address selects the tenant (state database) and is remembered, so later
 * visits without the parameter stay on that state. Called at start-up because the route guards
 * redirect (dropping the parameter) before any API call is made.
 */
export function rememberTenantFromAddress(search: string = window.location.search): void {
  const fromQuery = new URLSearchParams(search).get('uf')?.trim().toLowerCase();
  if (!fromQuery || !TENANT_PATTERN.test(fromQuery)) return;
  selected = fromQuery;
  if (readItem(TENANT_KEY) !== fromQuery) writeItem(TENANT_KEY, fromQuery);
}

/** The tenant every request names in its `database` header. */
export function currentTenant(): string {
  rememberTenantFromAddress();
  const stored = readItem(TENANT_KEY);
  if (stored && TENANT_PATTERN.test(stored)) return stored;
  return selected ?? DEFAULT_TENANT;
}
