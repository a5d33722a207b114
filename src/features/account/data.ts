import type { z } from 'zod';
import { call } from '../../api/call.ts';
import { auth } from '../../contract/auth.ts';
import { command } from '../../data/command.ts';
import type { updateOwnPasswordSchema } from '../../domain/session.ts';

/** The signed-in user's own password, confirming the current one; the form shows a failure (inline). */
export const updateOwnPassword = command.online({
  send: (body: z.output<typeof updateOwnPasswordSchema>) => call(auth.changeOwnPassword, { body }),
  failure: { message: 'Não foi possível alterar a senha.' },
});
