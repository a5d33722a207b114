import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import { PAYMENT_STATUS_LABELS, type PaymentRow, type PaymentStatus } from '../../../domain/payments.ts';
import { DataTable, type DataColumn, type RowTone } from '../../../ui/data-table.tsx';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { actionsColumn, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { apiErrorMessage, httpStatusOf, type Query } from '../data.ts';

const TONES: Record<PaymentStatus, RowTone | undefined> = { aberto: undefined, aprovado: 'success', rejeitado: 'danger' };
const BADGE: Record<PaymentStatus, string> = { aberto: 'gray', aprovado: 'green', rejeitado: 'red' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge colorPalette={BADGE[status]} variant="subtle">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "12 h" or "7,5 h": hours as the spec sums them (horasTarefas may have decimals). */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;
}

export type PaymentTableProps = {
  rows: readonly PaymentRow[];
  labelledBy: string;
  loading: boolean;
  /** The consultant column, on the list of everyone's processes. */
  showUser: boolean;
  onOpen: (row: PaymentRow) => void;
};

/**
 * A list of payment processes: the number opens the detail; the status is written as well as
 * tinting the row (colour is never the only carrier). Thousands of rows render virtually.
 */
export function PaymentTable({ rows, labelledBy, loading, showUser, onOpen }: PaymentTableProps) {
  const columns = useMemo<Array<DataColumn<PaymentRow>>>(
    () => [
      {
        key: 'numero',
        header: 'Número',
        rowHeader: true,
        width: '7rem',
        cell: (p) => (
          <Button
            variant="plain"
            size="sm"
            px="0"
            textDecoration="underline"
            onClick={() => onOpen(p)}
            aria-label={`Abrir o processo ${p.numero}`}
          >
            {p.numero}
          </Button>
        ),
      },
      ...(showUser ? [{ key: 'usuarioNome', header: 'Consultor', truncate: 30 }] : []),
      { key: 'numContrato', header: 'Contrato', truncate: 20 },
      { key: 'codigoContratacao', header: 'Código de contratação', truncate: 20 },
      { key: 'periodoRealizacao', header: 'Período de realização', sortValue: (p) => p.criacao },
      { key: 'horas', header: 'Horas', align: 'end', format: (v) => formatHours(Number(v)) },
      {
        key: 'total',
        header: 'Total',
        align: 'end',
        exportType: 'money',
        value: (p) => p.total / 100,
        format: (v) => formatMoney(Number(v)),
      },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        value: (p) => PAYMENT_STATUS_LABELS[p.status],
        cell: (p) => (
          <HStack gap="1" wrap="wrap">
            <PaymentStatusBadge status={p.status} />
            {p.enviadoSgfEm && (
              <Badge colorPalette="blue" variant="subtle">
                Enviado ao SGF
              </Badge>
            )}
          </HStack>
        ),
      },
      { key: 'criacao', header: 'Criado em', format: (v) => formatDate(String(v)) },
      actionsColumn(
        (p) => (
          <Button size="xs" variant="outline" onClick={() => onOpen(p)} aria-label={`Detalhes do processo ${p.numero}`}>
            Detalhes
          </Button>
        ),
        '7rem',
      ),
    ],
    [onOpen, showUser],
  );
  return (
    <TableClip>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(p) => p.processoPagamentoId}
        labelledBy={labelledBy}
        loading={loading}
        loadingText="Carregando processos de pagamento…"
        emptyText="Nenhum processo de pagamento retornado"
        defaultSort={{ key: 'criacao', direction: 'desc' }}
        rowTone={(p) => TONES[p.status]}
        minWidth="60rem"
      />
    </TableClip>
  );
}

/**
 * A list read's outcome as both payment screens show it: a 403 said as no permission (the server
 * decides whose processes may be read), any other failure with a retry, otherwise the table.
 */
export function PaymentListResult({
  list,
  forbiddenMessage,
  ...table
}: Omit<PaymentTableProps, 'rows' | 'loading'> & { list: Query<PaymentRow[]>; forbiddenMessage: string }) {
  if (list.status === 'error')
    return httpStatusOf(list.error) === 403 ? (
      <NoPermission message={apiErrorMessage(list.error, forbiddenMessage)} />
    ) : (
      <LoadError message={apiErrorMessage(list.error, 'Não foi possível carregar os processos de pagamento.')} onRetry={list.reload} />
    );
  // The list comes in two steps (its first rows, then the rest: data.ts): the line under the table
  // says while more are coming, and keeps its height so the page does not move when it empties.
  return (
    <>
      <PaymentTable {...table} rows={list.status === 'ready' ? list.data : []} loading={list.status !== 'ready'} />
      <Text role="status" fontSize="sm" color="fg.muted" minH="1.5em">
        {list.status === 'ready' && list.partial ? 'Carregando os demais processos…' : ''}
      </Text>
    </>
  );
}
