import { useMemo } from 'react';
import { formatDate } from '../../../domain/format.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { canSeeRejectionReason } from '../../../domain/report-common.ts';
import { type AdminReportListItem } from '../../../domain/admin-reports.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn, type RowTone } from '../../../ui/data-table.tsx';
import { adminReportHref } from '../paths.ts';
import { TableClip } from '../../../ui/list-screen.tsx';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { ReportStatusBadge, reportRowTone } from '../../../ui/report-status.tsx';

export const EMPTY_ADMIN_REPORTS = 'Nenhum relatório administrativo retornado';

/**
 * Administrative reports across municipalities (analysis and "Meus Relatórios Admin"): no paging
 * (the spec has none), so long results are virtualised by the DataTable.
 */
export function AdminReportTable({
  rows,
  cityNames,
  labelledBy,
  loading,
}: {
  rows: readonly AdminReportListItem[];
  /** Municipality names by id, from the user's municipality list. */
  cityNames: ReadonlyMap<number, string>;
  labelledBy: string;
  loading: boolean;
}) {
  const ctx = usePermissionContext();
  const columns = useMemo<Array<DataColumn<AdminReportListItem>>>(
    () => [
      { key: 'relatorioAdministrativoId', header: 'Id', width: '6rem' },
      {
        key: 'titulo',
        header: 'Título',
        rowHeader: true,
        truncate: 60,
        cell: (r) => <AppLink to={adminReportHref.detail(r.municipioId, r.relatorioAdministrativoId)}>{r.titulo}</AppLink>,
      },
      { key: 'municipio', header: 'Município', truncate: 30, value: (r) => cityNames.get(r.municipioId) ?? `#${r.municipioId}` },
      { key: 'horas', header: 'Horas', width: '6rem', align: 'end' },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '11rem',
        value: (r) => r.statusRelatorioId,
        cell: (r) => <ReportStatusBadge statusRelatorioId={r.statusRelatorioId} />,
      },
      {
        key: 'motivoRejeicao',
        header: 'Motivo da rejeição',
        truncate: TRUNCATE.rejectionReason,
        value: (r) => (ctx && canSeeRejectionReason(ctx, r) ? r.motivoRejeicao : null),
      },
      { key: 'criadoPor', header: 'Criado por', truncate: 30, value: (r) => r.usuario.nome },
      { key: 'criacao', header: 'Criado em', width: '8rem', value: (r) => r.criacao, format: (v) => formatDate(String(v)) },
    ],
    [ctx, cityNames],
  );
  return (
    <AdminReportRows
      rows={rows}
      columns={columns}
      labelledBy={labelledBy}
      loading={loading}
      rowTone={(r) => reportRowTone(r.statusRelatorioId)}
      minWidth="60rem"
    />
  );
}

/**
 * The table of administrative reports of every screen that lists them: the columns, the tone of a
 * row and the width are the screen's; the rest (key, loading and empty texts) is one.
 */
export function AdminReportRows<R extends { relatorioAdministrativoId: number }>({
  rows,
  columns,
  labelledBy,
  loading,
  rowTone,
  minWidth,
}: {
  rows: readonly R[];
  columns: ReadonlyArray<DataColumn<R>>;
  labelledBy: string;
  loading: boolean;
  rowTone: (row: R) => RowTone | undefined;
  minWidth: string;
}) {
  return (
    <TableClip>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.relatorioAdministrativoId}
        labelledBy={labelledBy}
        loading={loading}
        loadingText="Carregando relatórios administrativos…"
        emptyText={EMPTY_ADMIN_REPORTS}
        rowTone={rowTone}
        minWidth={minWidth}
      />
    </TableClip>
  );
}
