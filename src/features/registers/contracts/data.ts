import { api } from '../../../api/client.ts';
import { contractRowSchema, type ContractRow } from '../../../domain/register-territory.ts';

/** PUT api/contratos/ativoInativo/{id}: the contract in the state asked for. */
export async function setContractActive(contratoId: number, ativo: boolean): Promise<ContractRow> {
  return contractRowSchema.parse(await api.put(`contratos/ativoInativo/${contratoId}`, { json: { ativo } }).json());
}
