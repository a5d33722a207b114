/**
 * localStorage can throw (private browsing, quota, storage disabled by policy); losing a remembered
 * value is always preferable to breaking the app, so every access goes through these helpers.
 */
export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Keeping the value in memory only is the best we can do.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored can be left behind when storage is unavailable.
  }
}
