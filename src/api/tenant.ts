import { currentVariant } from '../session/variant.ts';

/** The tenant every request names in its `database` header: the state database of this visit's variant. */
export function currentTenant(): string {
  return currentVariant().tenant;
}
