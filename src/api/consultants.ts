import { z } from 'zod';
import { users } from '../contract/users.ts';
import { roleHolderSchema } from '../domain/users.ts';
import { urlOf } from './call.ts';
import { useServerData } from './use-server-data.ts';

const consultantListSchema = z.array(roleHolderSchema);

/**
 * Enabled consultants (conductors and specialists) for the "consultor" filters of several features
 * (GET api/usuario/consultores); asked for only when enabled.
 */
export function useConsultants(enabled = true) {
  return useServerData(enabled ? urlOf(users.consultants, {}) : null, consultantListSchema);
}
