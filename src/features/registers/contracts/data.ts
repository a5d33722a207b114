import { call } from '../../../api/call.ts';
import { registers } from '../../../contract/registers.ts';
import type { ContractRow } from '../../../domain/register-territory.ts';

/** PUT api/contratos/ativoInativo/{id}: the contract in the state asked for. */
export function setContractActive(contratoId: number, ativo: boolean): Promise<ContractRow> {
  return call(registers.contracts.setActive, { params: { id: String(contratoId) }, body: { ativo } });
}
