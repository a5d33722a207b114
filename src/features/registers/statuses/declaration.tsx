import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import {
  contractStatusInputSchema,
  contractStatusRowSchema,
  statusInputSchema,
  statusRowSchema,
  type ContractStatusRow,
  type StatusRow,
} from '../../../domain/register-statuses.ts';
import { defineRegister } from '../pattern/declaration.ts';

/**
 * /status: the municipalities' status (spec §3 "Status: statusId, statusNome"; §7 api/Status). The
 * Municípios column says how many use each: those the server refuses to delete (409).
 */
export const statusRegister = defineRegister<StatusRow, { statusNome: string }>({
  key: 'status',
  title: 'Status',
  noun: { name: 'status', gender: 'm' },
  flag: 'menuGestaoCadastros',
  api: {
    list: readOf(registers.statuses.endpoints.list!),
    create: registers.statuses.endpoints.create,
    update: registers.statuses.endpoints.update,
    remove: registers.statuses.endpoints.remove,
  },
  row: statusRowSchema,
  idOf: (row) => row.statusId,
  nameOf: (row) => row.statusNome,
  idKey: 'statusId',
  columns: (words) => [
    { key: 'statusId', header: '#', width: '5rem' },
    { key: 'statusNome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'municipios', header: words.municipality.plural, width: '10rem', align: 'end' },
  ],
  defaultSort: { key: 'statusNome', direction: 'asc' },
  emptyText: 'Nenhum Status retornado',
  loadError: 'Erro ao obter status',
  exportName: 'Status',
  form: {
    schema: statusInputSchema,
    initial: (row) => ({ statusNome: row?.statusNome ?? '' }),
    fields: [{ kind: 'text', name: 'statusNome', label: 'Nome', required: true, maxLength: 100 }],
  },
});

/** /status-contrato: the municipalities' contract status (spec §3 "contract status"; §7 api/StatusContrato). */
export const contractStatusRegister = defineRegister<ContractStatusRow, { nome: string }>({
  key: 'status-contrato',
  title: 'Status de Contrato',
  noun: { name: 'status de contrato', gender: 'm' },
  flag: 'menuGestaoCadastros',
  api: {
    list: readOf(registers.contractStatuses.endpoints.list!),
    create: registers.contractStatuses.endpoints.create,
    update: registers.contractStatuses.endpoints.update,
    remove: registers.contractStatuses.endpoints.remove,
  },
  row: contractStatusRowSchema,
  idOf: (row) => row.statusContratoId,
  nameOf: (row) => row.nome,
  idKey: 'statusContratoId',
  columns: (words) => [
    { key: 'statusContratoId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'municipios', header: words.municipality.plural, width: '10rem', align: 'end' },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Status retornado',
  loadError: 'Erro ao obter status de contrato',
  exportName: 'Status de Contrato',
  form: {
    schema: contractStatusInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '' }),
    fields: [{ kind: 'text', name: 'nome', label: 'Nome', required: true, maxLength: 100 }],
  },
});
