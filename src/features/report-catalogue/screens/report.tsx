import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { filtersFromSearch, REPORT_CATEGORY_LABELS, type ReportDefinition, type ReportFilters } from '../../../domain/report-catalogue.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ExportButtons } from '../components/export-buttons.tsx';
import { filtersOf, ReportFiltersForm } from '../components/report-filters.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { reportCatalogueData } from '../data.ts';
import { REPORT_CATALOGUE_PATHS } from '../paths.ts';

/**
 * /dashboard-administrativo2/relatorio/{relatorioRoute}: only a report the server lists for the
 * user (the group's relatorioAdm, the full admin exempt, and this mode's exibirEm); anything else
 * goes to /cidade (spec §2). The server refuses the same calls with 403.
 */
export function ReportScreen() {
  const { relatorioRoute = '' } = useParams();
  const [search] = useSearchParams();
  const catalogue = reportCatalogueData.useCatalogue();
  if (catalogue.status === 'error') return <Navigate to="/cidade" replace />;
  if (catalogue.status !== 'ready') return <LoadingState />;
  const report = catalogue.data.find((r) => r.route === relatorioRoute);
  if (!report) return <Navigate to="/cidade" replace />;
  return <OneReport key={`${report.id}?${search.toString()}`} report={report} preset={filtersFromSearch(report, search)} />;
}

/** `preset`: the filters the URL carries (a drill-down from the charts), applied at once over the defaults. */
function OneReport({ report, preset }: { report: ReportDefinition; preset: ReportFilters | null }) {
  const options = reportCatalogueData.useOptions();
  // A report that needs filters waits for them; the others run at once on their defaults.
  const [filters, setFilters] = useState<ReportFilters | null>(() =>
    preset ? { ...filtersOf(report, {}), ...preset } : report.requiresFilters ? null : filtersOf(report, {}),
  );
  const [pagina, setPagina] = useState(1);
  const rows = reportCatalogueData.useRows(filters ? { report, filtros: filters, pagina, tamanhoPagina: 50 } : null);
  const page = rows.status === 'ready' ? rows.data : rows.status === 'loading' ? rows.previous : undefined;
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageTitle parts={[report.title, 'Relatórios administrativos']} />
      <AppLink to={REPORT_CATALOGUE_PATHS.export}>← Relatórios administrativos</AppLink>
      <ListHeading id="relatorio-titulo" title={report.title} level={1} kicker={REPORT_CATEGORY_LABELS[report.category]} />
      <Text>{report.description}</Text>
      <ReportFiltersForm
        report={report}
        preset={preset}
        options={options.status === 'ready' ? options.data : undefined}
        loading={rows.status === 'loading'}
        onApply={(next) => {
          setFilters(next);
          setPagina(1);
        }}
      />
      <ExportButtons report={report} filters={filters} />
      {filters ? (
        <ReportTable report={report} page={page} loading={rows.status === 'loading'} onPage={setPagina} />
      ) : (
        <Text>Preencha pelo menos um filtro e clique em Pesquisar.</Text>
      )}
    </Stack>
  );
}
