import { linkChoiceOf, resolveVariant, type RememberedChoice, type ResolvedVariant } from '../domain/variants.ts';
import { readItem, writeItem } from './local-storage.ts';

const CHOICE_KEY = 'ce:variante';

function rememberedChoice(): { variant?: string | null; uf?: string | null } | null {
  try {
    return JSON.parse(readItem(CHOICE_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * Resolved once per visit, at start-up: the route guards redirect (dropping `?variante=`/`?uf=`)
 * before anything else reads the address, so the overrides are remembered right here.
 */
function resolveNow(): ResolvedVariant {
  const resolved = resolveVariant({ host: window.location.host, search: window.location.search, remembered: rememberedChoice() });
  writeItem(CHOICE_KEY, JSON.stringify(resolved.remember));
  return resolved;
}

const current: ResolvedVariant = resolveNow();

/** The variant, state, environment and tenant of this visit (spec §1: chosen by host). */
export function currentVariant(): ResolvedVariant {
  return current;
}

/** The variant and state a public link made on this visit names: always, not only when overridden (spec §2). */
export function linkChoice(): RememberedChoice {
  return linkChoiceOf(current.variant.id, current.tenant);
}

/** Where a signed-out visit signs in: São Paulo only through its single sign-on (spec §2, §4), the others by password. */
export function signInPath(): string {
  return current.variant.singleSignOn ? '/sp/welcome' : '/auth/login';
}
