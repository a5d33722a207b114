import { z } from 'zod';
import { call } from '../../api/call.ts';
import { users } from '../../contract/users.ts';
import { query } from '../../data/query.ts';
import { roleHolderSchema, userListItemSchema } from '../../domain/users.ts';

const userListSchema = z.array(userListItemSchema);
const consultantListSchema = z.array(roleHolderSchema);

/**
 * The tenant's enabled users (GET api/usuario?habilitado=true), to pick people from: a solution's
 * product managers. The server lists users to admins and holders of the Usuários menu only; the
 * caller shows the failure itself, since not every screen that offers the choice needs it.
 */
const useEnabledUsers = query.online(() => ({
  key: ['usuario', { habilitado: true }],
  fetch: (signal: AbortSignal) => call(users.list, { query: { habilitado: 'true' }, signal }),
  schema: userListSchema,
}));

/**
 * Enabled consultants (conductors and specialists) for the "consultor" filters of several features
 * (GET api/usuario/consultores); asked for only when enabled.
 */
const useConsultants = query.online((enabled: boolean = true) =>
  enabled ? { key: ['usuario', 'consultores'], fetch: (signal: AbortSignal) => call(users.consultants, { signal }), schema: consultantListSchema } : null,
);

/** This entity's data object: what its screens read and write. */
export const usersData = {
  useEnabledUsers,
  useConsultants,
};
