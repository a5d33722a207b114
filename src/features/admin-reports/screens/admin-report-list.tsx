import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { canCreateReport, canSeeRejectionReason } from '../../../domain/report-common.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { notifyError } from '../../../lib/notify.ts';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AdminReportRows } from '../components/admin-report-table.tsx';
import { AdminReportsGate } from '../components/gate.tsx';
import { adminReports } from '../data.ts';
import { type ListedAdminReport } from '../form-logic.ts';
import { adminReportHref } from '../paths.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { ReportStatusBadge, reportRowTone } from '../../../ui/report-status.tsx';

/** /cidade/:id/relatorio-administrativo: the city's administrative reports, read from the device first. */
export function AdminReportListScreen() {
  return (
    <AdminReportsGate>
      <AdminReportList />
    </AdminReportsGate>
  );
}

function AdminReportList() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const ctx = usePermissionContext();
  const reports = adminReports.useList(municipioId);
  const online = useOnline();
  // Offline with no copy of this list on the device nothing will arrive until the connection does.
  const unreachable = reports.status === 'loading' && !online;
  useEffect(() => {
    if (unreachable) notifyError(ERROR_MESSAGES.getAdminReports);
  }, [unreachable]);
  const headingId = useId();
  const title = currentVocabulary().cityTabs.relatorioAdministrativo;

  const columns = useMemo<Array<DataColumn<ListedAdminReport>>>(
    () => [
      { key: 'relatorioAdministrativoId', header: 'Id', width: '6rem', value: (r) => (r.pending ? null : r.relatorioAdministrativoId) },
      {
        key: 'titulo',
        header: 'Título',
        rowHeader: true,
        truncate: 80,
        value: (r) => r.titulo,
        cell: (r) =>
          r.pending ? r.titulo : <AppLink to={adminReportHref.detail(municipioId, r.relatorioAdministrativoId)}>{r.titulo}</AppLink>,
      },
      { key: 'horas', header: 'Horas', width: '6rem', align: 'end' },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '11rem',
        value: (r) => (r.attention ? 'requer atenção' : r.pending ? 'pendente' : r.statusRelatorioId),
        cell: (r) =>
          r.attention ? (
            <AppLink to="/sincronizacao" title={r.attention}>
              <ReportStatusBadge statusRelatorioId={r.statusRelatorioId} attention />
            </AppLink>
          ) : (
            <ReportStatusBadge statusRelatorioId={r.statusRelatorioId} pending={r.pending} />
          ),
      },
      {
        key: 'motivoRejeicao',
        header: 'Motivo da rejeição',
        truncate: TRUNCATE.rejectionReason,
        // Spec §6: the reason shows with podeAnalisarRelatorio or to the author (the server also leaves it out).
        value: (r) => (ctx && canSeeRejectionReason(ctx, r) ? r.motivoRejeicao : null),
      },
      { key: 'criadoPor', header: 'Criado por', value: (r) => r.usuario.nome, truncate: 40 },
      { key: 'criacao', header: 'Criado em', width: '8rem', value: (r) => r.criacao, format: (v) => formatDate(String(v)) },
    ],
    [ctx, municipioId],
  );

  return (
    <Stack gap="4">
      <PageTitle parts={[title, municipality.nome]} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" id={headingId}>
          {title}
        </Heading>
        {ctx && canCreateReport(ctx) && (
          <Button asChild>
            <RouterLink to={adminReportHref.create(municipioId)}>Novo relatório administrativo</RouterLink>
          </Button>
        )}
      </HStack>

      {reports.status === 'ready' && <OfflineNotice syncedAt={reports.syncedAt} refreshFailed={Boolean(reports.refreshError)} />}

      {reports.status === 'error' || unreachable ? (
        <Stack gap="4">
          <HStack gap="4" wrap="wrap" py="2" role="alert">
            <Text color="fg.muted">
              {unreachable
                ? 'Sem conexão, e a lista deste município ainda não foi baixada neste aparelho.'
                : 'Não foi possível carregar os relatórios administrativos.'}
            </Text>
            {!unreachable && (
              <Button variant="outline" size="sm" onClick={reports.reload}>
                Tentar novamente
              </Button>
            )}
          </HStack>
          {/* What waits in this device's queue is still shown: it is not lost with the connection. */}
          {reports.queued.length > 0 && <ReportTable rows={reports.queued} columns={columns} headingId={headingId} loading={false} />}
        </Stack>
      ) : (
        <ReportTable rows={reports.rows} columns={columns} headingId={headingId} loading={reports.status === 'loading'} />
      )}
    </Stack>
  );
}

function ReportTable({
  rows,
  columns,
  headingId,
  loading,
}: {
  rows: ListedAdminReport[];
  columns: ReadonlyArray<DataColumn<ListedAdminReport>>;
  headingId: string;
  loading: boolean;
}) {
  return (
    <AdminReportRows
      rows={rows}
      columns={columns}
      labelledBy={headingId}
      loading={loading}
      rowTone={(r) => (r.pending ? 'info' : reportRowTone(r.statusRelatorioId))}
      minWidth="52rem"
    />
  );
}
