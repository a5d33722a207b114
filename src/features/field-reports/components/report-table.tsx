import { DataTable, type DataColumn, type RowTone } from '../../../ui/data-table.tsx';
import { LINK_CELLS, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { EMPTY_REPORTS } from './report-status.tsx';

/**
 * The table of field reports of the municipality's list and of the search alike: the load failure
 * with its retry in its place, one row per report, toned by its status (`rowTone`).
 */
export function ReportTable<R extends { relatorioId: number }>({
  rows,
  columns,
  headingId,
  status,
  onRetry,
  rowTone,
  minWidth,
}: {
  rows: readonly R[];
  columns: ReadonlyArray<DataColumn<R>>;
  headingId: string;
  /** The load's status: 'error' shows the failure, 'loading' the table's loading row. */
  status: string;
  onRetry: () => void;
  rowTone: (row: R) => RowTone | undefined;
  minWidth: string;
}) {
  if (status === 'error') return <LoadError message={'Não foi possível carregar os relatórios.'} onRetry={onRetry} />;
  return (
    <TableClip css={LINK_CELLS}>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.relatorioId}
        labelledBy={headingId}
        loading={status === 'loading'}
        loadingText="Carregando relatórios…"
        emptyText={EMPTY_REPORTS}
        rowTone={rowTone}
        minWidth={minWidth}
      />
    </TableClip>
  );
}
