import { readItem, removeItem, writeItem } from './local-storage.ts';

const LAST_PATH_KEY = 'ce:last-path';

/** Only in-app, non-authentication paths are worth returning to after signing in. */
function isRestorable(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/^\/(?:auth|sp\/welcome)(?:[/?#]|$)/.test(path);
}

export function rememberPath(path: string): void {
  if (isRestorable(path)) writeItem(LAST_PATH_KEY, path);
}

export function lastPath(): string | null {
  const path = readItem(LAST_PATH_KEY);
  return path && isRestorable(path) ? path : null;
}

export function forgetLastPath(): void {
  removeItem(LAST_PATH_KEY);
}
