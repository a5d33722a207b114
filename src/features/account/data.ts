import type { z } from 'zod';
import { call } from '../../api/call.ts';
import { auth } from '../../contract/auth.ts';
import type { updateOwnPasswordSchema } from '../../domain/session.ts';

export async function updateOwnPassword(body: z.output<typeof updateOwnPasswordSchema>): Promise<string> {
  return (await call(auth.changeOwnPassword, { body })).message;
}
