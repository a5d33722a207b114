import { Heading, HStack, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { useId } from 'react';
import { formatDuration, formatMonth, type TimeAverages } from '../../../domain/sala-time.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { TableClip } from '../../../ui/list-screen.tsx';

type Line = { key: string; label: string; atendimentos: number; mediaMinutos: number };

function AverageTable({ title, first, rows }: { title: string; first: string; rows: Line[] }) {
  const headingId = useId();
  const columns: Array<DataColumn<Line>> = [
    { key: 'label', header: first, rowHeader: true },
    { key: 'atendimentos', header: 'Atendimentos', align: 'end' },
    { key: 'mediaMinutos', header: 'Tempo médio', align: 'end', format: (v) => formatDuration(Number(v)) },
  ];
  return (
    <Stack gap="2">
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      <TableClip>
        <DataTable rows={rows} columns={columns} rowKey={(r) => r.key} labelledBy={headingId} emptyText="Nenhum tempo retornado" />
      </TableClip>
    </Stack>
  );
}

/** The averages by service and by month: the room's screen and the public panel show the same. */
export function TimeAveragesView({ medias }: { medias: TimeAverages }) {
  return (
    <Stack gap="6">
      {/* Chakra's Stat is a <dl>: the count is a term of its own, not loose text inside the list (axe: definition-list). */}
      <HStack gap="8" wrap="wrap" align="start">
        <Stat.Root flex="none">
          <Stat.Label>Tempo médio de atendimento</Stat.Label>
          <Stat.ValueText>{formatDuration(medias.geral.mediaMinutos)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root flex="none">
          <Stat.Label>Atendimentos</Stat.Label>
          <Stat.ValueText>{medias.geral.atendimentos}</Stat.ValueText>
        </Stat.Root>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <AverageTable
          title="Tempo médio por serviço"
          first="Serviço"
          rows={medias.porServico.map((s) => ({ key: s.servico, label: s.servico, ...s }))}
        />
        <AverageTable
          title="Tempo médio por mês"
          first="Mês"
          rows={medias.porMes.map((m) => ({ key: m.mes, label: formatMonth(m.mes), ...m }))}
        />
      </SimpleGrid>
    </Stack>
  );
}
