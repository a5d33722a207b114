import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { messageSchema, type updateOwnPasswordSchema } from '../../domain/session.ts';

export async function updateOwnPassword(body: z.output<typeof updateOwnPasswordSchema>): Promise<string> {
  return messageSchema.parse(await api.post('usuario/atualizar-senha', { json: body }).json()).message;
}
