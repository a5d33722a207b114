import { z } from 'zod';
import { idSchema, requiredText } from './register-fields.ts';

/**
 * Municipality status and contract status registers (spec §3 "Status: statusId, statusNome" and
 * "contract status"; §7 api/Status and api/StatusContrato: CRUD, get-nomes, relatorio-tarefa/{id}).
 * A municipality points at one of each (municipio.status_id, municipio.status_contrato_id).
 */
export const statusRowSchema = z.object({ statusId: z.number().int(), statusNome: z.string(), municipios: z.number().int() });
export type StatusRow = z.infer<typeof statusRowSchema>;
export const statusInputSchema = z.object({ statusNome: requiredText('O nome é obrigatório', 100) });
export const statusUpdateSchema = statusInputSchema.extend({ statusId: idSchema });

export const contractStatusRowSchema = z.object({ statusContratoId: z.number().int(), nome: z.string(), municipios: z.number().int() });
export type ContractStatusRow = z.infer<typeof contractStatusRowSchema>;
export const contractStatusInputSchema = z.object({ nome: requiredText('O nome é obrigatório', 100) });
export const contractStatusUpdateSchema = contractStatusInputSchema.extend({ statusContratoId: idSchema });

/** GET get-nomes: the names only, for combos and filters. */
export const statusNameListSchema = z.array(z.string());
