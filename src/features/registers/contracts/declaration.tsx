import { registers } from '../../../contract/registers.ts';
import { users } from '../../../contract/users.ts';
import { readOf } from '../pattern/declaration.ts';
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { z } from 'zod';
import { formatDate } from '../../../domain/format.ts';
import { contractInputSchema, contractRowSchema, type ContractRow } from '../../../domain/register-territory.ts';
import { roleHolderSchema } from '../../../domain/users.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { defineRegister } from '../pattern/declaration.ts';
import { setContractActive } from './data.ts';

type ContractForm = {
  usuarioId: number | undefined;
  numContrato: string;
  qtdEntregasPrevistas: number | string;
  inicio: string;
  fim: string;
};

const consultantListSchema = z.array(roleHolderSchema);

/** "Ativar"/"Inativar" of a row (spec §7 api/contratos ativoInativo). */
function ActiveToggle({ row, reload }: { row: ContractRow; reload: () => void }) {
  const [busy, setBusy] = useState(false);
  const label = row.ativo ? 'Inativar' : 'Ativar';
  async function toggle() {
    setBusy(true);
    const changed = await setContractActive({ contratoId: row.contratoId, ativo: !row.ativo });
    setBusy(false);
    if (!changed.ok) return;
    notifySuccess(row.ativo ? 'Contrato inativado com sucesso' : 'Contrato ativado com sucesso');
    reload();
  }
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void toggle()} aria-label={`${label} o contrato ${row.numContrato}`}>
      {label}
    </Button>
  );
}

/** /contratos (spec §2, §3 "Contract", §7 api/contratos): the consultants' contracts, activated and inactivated. */
export const contractRegister = defineRegister<ContractRow, ContractForm>({
  key: 'contratos',
  title: 'Contratos',
  noun: { name: 'contrato', gender: 'm' },
  flag: 'menuContratos',
  api: {
    list: readOf(registers.contracts.endpoints.list!),
    create: registers.contracts.endpoints.create,
    update: registers.contracts.endpoints.update,
    remove: registers.contracts.endpoints.remove,
  },
  row: contractRowSchema,
  idOf: (row) => row.contratoId,
  nameOf: (row) => row.numContrato,
  idKey: 'contratoId',
  columns: () => [
    { key: 'numContrato', header: 'Contrato', rowHeader: true, width: '10rem' },
    { key: 'usuarioNome', header: 'Usuário', truncate: 40 },
    { key: 'qtdEntregasPrevistas', header: 'Entregas previstas', width: '9rem', align: 'end' },
    {
      key: 'inicio',
      header: 'Início',
      width: '8rem',
      format: (value) => formatDate(String(value)),
      exportType: 'date',
      sortValue: (row) => row.inicio,
    },
    {
      key: 'fim',
      header: 'Fim',
      width: '8rem',
      format: (value) => formatDate(String(value)),
      exportType: 'date',
      sortValue: (row) => row.fim,
    },
    { key: 'ativo', header: 'Situação', width: '7rem', value: (row) => (row.ativo ? 'Ativo' : 'Inativo'), cardPriority: 1 },
  ],
  defaultSort: { key: 'usuarioNome', direction: 'asc' },
  emptyText: 'Nenhum Contrato retornado',
  loadError: 'Erro ao obter Contratos',
  exportName: 'Contratos',
  rowActions: (row, reload) => <ActiveToggle row={row} reload={reload} />,
  form: {
    schema: contractInputSchema,
    width: 800,
    initial: (row) => ({
      usuarioId: row?.usuarioId,
      numContrato: row?.numContrato ?? '',
      qtdEntregasPrevistas: row?.qtdEntregasPrevistas ?? '',
      inicio: row?.inicio ?? '',
      fim: row?.fim ?? '',
    }),
    fields: [
      {
        kind: 'select',
        name: 'usuarioId',
        label: 'Consultor',
        required: true,
        emptyText: 'Nenhum Consultor retornado',
        options: {
          read: users.consultants,
          schema: consultantListSchema,
          toOption: (user: z.infer<typeof roleHolderSchema>) => ({ value: user.usuarioId, label: user.nome }),
        },
      },
      { kind: 'text', name: 'numContrato', label: 'Número do contrato', required: true, maxLength: 50 },
      { kind: 'integer', name: 'qtdEntregasPrevistas', label: 'Entregas previstas', required: true, maxDigits: 5 },
      { kind: 'date', name: 'inicio', label: 'Início', required: true },
      { kind: 'date', name: 'fim', label: 'Fim', required: true },
    ],
  },
});
