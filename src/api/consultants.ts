import { z } from 'zod';
import { roleHolderSchema } from '../domain/users.ts';
import { useServerData } from './use-server-data.ts';

const consultantListSchema = z.array(roleHolderSchema);

/**
 * Enabled consultants (conductors and specialists) for the "consultor" filters of several features
 * (GET api/usuario/consultores); asked for only when enabled.
 */
export function useConsultants(enabled = true) {
  return useServerData(enabled ? 'usuario/consultores' : null, consultantListSchema);
}
