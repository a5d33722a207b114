import { call } from '../../../api/call.ts';
import { registers } from '../../../contract/registers.ts';
import { command } from '../../../data/command.ts';
import { contractRowSchema } from '../../../domain/register-territory.ts';
import { registerData } from '../pattern/data.ts';

/** PUT api/contratos/ativoInativo/{id}: the contract in the state asked for; the register's reads refresh after it. */
export const setContractActive = command.online({
  send: ({ contratoId, ativo }: { contratoId: number; ativo: boolean }) =>
    call(registers.contracts.setActive, { params: { id: String(contratoId) }, body: { ativo } }),
  schema: contractRowSchema,
  invalidates: registerData.refreshesRegisters,
  failure: { message: 'Não foi possível alterar o contrato.' },
});
