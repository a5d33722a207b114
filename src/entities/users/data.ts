import { z } from 'zod';
import { useServerData } from '../../api/use-server-data.ts';
import { userListItemSchema } from '../../domain/users.ts';

const userListSchema = z.array(userListItemSchema);

/**
 * The tenant's enabled users (GET api/usuario?habilitado=true), to pick people from: a solution's
 * product managers. The server lists users to admins and holders of the Usuários menu only; the
 * caller shows the failure itself, since not every screen that offers the choice needs it.
 */
export function useEnabledUsers() {
  return useServerData('usuario?habilitado=true', userListSchema);
}
