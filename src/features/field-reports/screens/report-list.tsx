import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TRUNCATE } from '../../../domain/text.ts';
import {
  canAnalyseReports,
  canCreateReport,
  canSeeRejectionReason,
  isReportAuthor,
  reportStatusName,
} from '../../../domain/report-common.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { formatDay } from '../components/report-status.tsx';
import { fieldReports, type ListedReport } from '../data.ts';
import { ReportTable } from '../components/report-table.tsx';
import { reportHref } from '../paths.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { reportRowTone } from '../../../ui/report-status.tsx';

/** /cidade/:id/relatorio: the city's field reports (spec §2 "Report list"), read from the device first. */
export function ReportListScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const ctx = usePermissionContext();
  const reports = fieldReports.useList(municipioId);
  fieldReports.useFreeMeetingsSync(municipioId);
  const headingId = useId();
  const rows = useMemo(() => (reports.status === 'ready' ? reports.data : []), [reports]);

  const analyst = ctx !== null && canAnalyseReports(ctx);
  // Spec §6: the reason shows with podeAnalisarRelatorio or to the author; a column nobody may read is left out.
  const showReason = analyst || (ctx !== null && rows.some((r) => isReportAuthor(ctx, r)));

  const columns = useMemo<Array<DataColumn<ListedReport>>>(() => {
    const list: Array<DataColumn<ListedReport>> = [
      {
        key: 'relatorioId',
        header: 'Id',
        width: '5rem',
        value: (r) => (r.pending ? null : r.relatorioId),
      },
      {
        key: 'titulo',
        header: 'Título',
        // Every column has a width: a virtual list then needs no sample of thousands of rows to size them.
        width: '34%',
        rowHeader: true,
        value: (r) => r.titulo,
        // A plain router link, styled once by the table's wrapper: thousands of rows scroll past this cell.
        cell: (r) =>
          r.pending ? (
            r.titulo || 'Sem título'
          ) : (
            <RouterLink to={reportHref.detail(municipioId, r.relatorioId)}>{r.titulo || 'Sem título'}</RouterLink>
          ),
      },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '10rem',
        // Words, so the row colour is never the only carrier of the status; "pendente" while only on this device.
        value: (r) => (r.pending ? 'pendente' : reportStatusName(r.statusRelatorioId)),
      },
    ];
    if (showReason) {
      list.push({
        key: 'motivoRejeicao',
        header: 'Motivo da rejeição',
        width: '26%',
        truncate: TRUNCATE.rejectionReason,
        value: (r) => (ctx && canSeeRejectionReason(ctx, r) ? r.motivoRejeicao : null),
      });
    }
    list.push(
      { key: 'criadoPor', header: 'Criado por', width: '14rem', value: (r) => r.usuario.nome, truncate: 40 },
      { key: 'criacao', header: 'Criado em', width: '7.5rem', value: (r) => r.criacao, format: (v) => formatDay(String(v)) },
    );
    return list;
  }, [ctx, municipioId, showReason]);

  return (
    <Stack gap="4">
      <PageTitle parts={[currentVocabulary().cityTabs.relatorio, municipality.nome]} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" id={headingId}>
          {currentVocabulary().cityTabs.relatorio}
        </Heading>
        {ctx && canCreateReport(ctx) && (
          <Button asChild>
            <RouterLink to={reportHref.create(municipioId)}>Novo relatório</RouterLink>
          </Button>
        )}
      </HStack>

      {reports.status === 'ready' && <OfflineNotice syncedAt={reports.syncedAt} refreshFailed={Boolean(reports.refreshError)} />}

      <ReportTable
        rows={rows}
        columns={columns}
        headingId={headingId}
        status={reports.status}
        onRetry={reports.reload}
        rowTone={(r) => (r.pending ? 'info' : reportRowTone(r.statusRelatorioId))}
        minWidth="48rem"
      />
    </Stack>
  );
}
