import { Button, HStack, Text } from '@chakra-ui/react';
import { formatCell, type ReportDefinition, type ReportPage } from '../../../domain/report-catalogue.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { TableClip } from '../../../ui/list-screen.tsx';

type Row = ReportPage['linhas'][number] & { __key: number };

/** The report's rows, typed by its declared columns (money R$ with 2 decimals, dates DD/MM/AAAA), paged by the server. */
export function ReportTable({
  report,
  page,
  loading,
  onPage,
}: {
  report: ReportDefinition;
  page: ReportPage | undefined;
  loading: boolean;
  onPage: (pagina: number) => void;
}) {
  const columns: DataColumn<Row>[] = report.columns.map((c, i) => ({
    key: c.key,
    header: c.header,
    value: (row: Row) => row[c.key] ?? null,
    format: (_v: unknown, row: Row) => formatCell(c.type, row[c.key]),
    align: c.type === 'text' || c.type === 'date' ? 'start' : 'end',
    ...(i === 0 ? { rowHeader: true } : { cardPriority: i }),
  })) as DataColumn<Row>[];
  const rows = (page?.linhas ?? []).map((r, i) => ({ ...r, __key: i }));
  const pages = page ? Math.max(1, Math.ceil(page.total / page.tamanhoPagina)) : 1;
  return (
    <>
      <TableClip>
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.__key}
          emptyText="Nenhum registro encontrado para os filtros."
          label={report.title}
          loading={loading}
        />
      </TableClip>
      {page && (
        <HStack gap="3" wrap="wrap" justify="space-between">
          <Text fontSize="sm" aria-live="polite">
            {page.total.toLocaleString('pt-BR')} {page.total === 1 ? 'linha' : 'linhas'} · página {page.pagina} de {pages}
          </Text>
          <HStack gap="2">
            <Button size="sm" variant="outline" disabled={page.pagina <= 1} onClick={() => onPage(page.pagina - 1)}>
              Página anterior
            </Button>
            <Button size="sm" variant="outline" disabled={page.pagina >= pages} onClick={() => onPage(page.pagina + 1)}>
              Próxima página
            </Button>
          </HStack>
        </HStack>
      )}
    </>
  );
}
