import { Button, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { COST_CATEGORY_LABELS, type CostRow, type CostSummary } from '../../../domain/sala-cost.ts';
import { formatMonth } from '../../../domain/sala-time.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RoomLayout } from '../../../entities/sala/room-layout.tsx';
import { CostDialog } from '../components/cost-dialog.tsx';
import { costs } from '../data.ts';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));

type Line = { key: string; label: string; total: number; extra?: string };

function SummaryTable({ title, rows, extraHeader }: { title: string; rows: Line[]; extraHeader?: string }) {
  const headingId = useId();
  const columns: Array<DataColumn<Line>> = [
    { key: 'label', header: title, rowHeader: true },
    { key: 'total', header: 'Total', align: 'end', format: (v) => money(Number(v)) },
    ...(extraHeader ? [{ key: 'extra', header: extraHeader, align: 'end' as const }] : []),
  ];
  return (
    <Stack gap="2">
      <Heading as="h2" size="md" id={headingId}>
        {`Custos por ${title.toLowerCase()}`}
      </Heading>
      <TableClip>
        <DataTable rows={rows} columns={columns} rowKey={(r) => r.key} labelledBy={headingId} emptyText="Nenhum custo retornado" />
      </TableClip>
    </Stack>
  );
}

function Summary({ resumo }: { resumo: CostSummary }) {
  return (
    <Stack gap="6">
      <Stat.Root>
        <Stat.Label>Total de custos</Stat.Label>
        <Stat.ValueText>{money(resumo.total)}</Stat.ValueText>
      </Stat.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <SummaryTable
          title="Categoria"
          rows={resumo.porCategoria.map((c) => ({ key: c.categoria, label: COST_CATEGORY_LABELS[c.categoria], total: c.total }))}
        />
        <SummaryTable title="Mês" rows={resumo.porMes.map((m) => ({ key: m.mes, label: formatMonth(m.mes), total: m.total }))} />
      </SimpleGrid>
      <SummaryTable
        title="Serviço"
        extraHeader="Custo por atendimento"
        rows={resumo.porServico.map((s) => ({
          key: s.servico,
          label: `${s.servico} (${s.atendimentos} atendimentos)`,
          total: s.total,
          extra: money(s.custoPorAtendimento),
        }))}
      />
    </Stack>
  );
}

/**
 * /sala-principal/:id/sala-custo: the room's costs by category and month in R$, the total and the
 * cost per service (issue 29 item 5). Online: the totals are the server's.
 */
export function CostRoomScreen() {
  return (
    <RoomLayout>
      <CostRoom />
    </RoomLayout>
  );
}

function CostRoom() {
  const municipioId = parseRouteId(useParams().id) ?? 0;
  const room = costs.useRoom(municipioId);
  const headingId = useId();
  const records = useRecordActions<CostRow>({
    noun: 'custo',
    nameOf: (c) => c.descricao,
    idOf: (c) => c.salaCustoId,
    deleteById: (salaCustoId) => costs.remove({ salaCustoId, municipioId }),
    onDeleted: () => undefined,
  });
  const columns: Array<DataColumn<CostRow>> = [
    { key: 'descricao', header: 'Descrição', rowHeader: true, truncate: 50 },
    { key: 'categoria', header: 'Categoria', value: (c) => COST_CATEGORY_LABELS[c.categoria] },
    { key: 'servico', header: 'Serviço', value: (c) => c.servico ?? 'Custo geral' },
    { key: 'data', header: 'Data', format: (v) => formatDate(String(v)) },
    {
      key: 'valor',
      header: 'Valor',
      align: 'end',
      exportType: 'money',
      value: (c) => c.valor / 100,
      format: (v) => formatMoney(Number(v)),
    },
    actionsColumn(records.rowActions),
  ];
  return (
    <Stack gap="6">
      <PageTitle parts={['Custos', 'Sala do Empreendedor']} />
      <ListHeading title="Custos da sala" id={headingId} level={1} action={<Button onClick={records.openCreate}>Novo custo</Button>} />
      <Text color="fg.muted">
        O que a sala gasta, por categoria e mês, e quanto custa cada atendimento dos serviços com custos próprios.
      </Text>
      {room.status === 'error' && <LoadError message={costs.errorMessage} onRetry={() => window.location.reload()} />}
      {room.status === 'ready' && <Summary resumo={room.data.resumo} />}
      <TableClip>
        <DataTable
          rows={room.status === 'ready' ? room.data.custos : []}
          columns={columns}
          rowKey={(c) => c.salaCustoId}
          labelledBy={headingId}
          loading={room.status === 'loading'}
          loadingText="Carregando custos…"
          emptyText="Nenhum custo retornado"
          defaultSort={{ key: 'data', direction: 'desc' }}
          minWidth="52rem"
        />
      </TableClip>
      <CostDialog open={records.dialogOpen} onClose={records.closeDialog} municipioId={municipioId} cost={records.editing} />
      {records.confirmDialog}
    </Stack>
  );
}
