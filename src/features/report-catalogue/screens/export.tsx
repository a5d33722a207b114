import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReportFilters } from '../../../domain/report-catalogue.ts';
import { Combo } from '../../../ui/combo.tsx';
import { ListHeading, LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ExportButtons } from '../components/export-buttons.tsx';
import { ReportList } from '../components/report-list.tsx';
import { ReportFiltersForm } from '../components/report-filters.tsx';
import { reportCatalogueData } from '../data.ts';

/** /exportar-relatorio: choose a report the user may open, apply its filters, export Excel or CSV; below, every report the user may open, by category. */
export function ExportScreen() {
  const catalogue = reportCatalogueData.useCatalogue();
  const options = reportCatalogueData.useOptions();
  const [id, setId] = useState<number | null>(null);
  const [filters, setFilters] = useState<ReportFilters | null>(null);
  const report = catalogue.status === 'ready' ? catalogue.data.find((r) => r.id === id) : undefined;
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageTitle parts={['Exportar relatório']} />
      <ListHeading id="exportar-titulo" title="Exportar relatório" level={1} />
      {catalogue.status === 'error' ? (
        catalogue.sessionEnded ? null : (
          <LoadError message="Erro ao obter relatórios" onRetry={() => location.reload()} />
        )
      ) : catalogue.status !== 'ready' ? (
        <LoadingState />
      ) : (
        <>
          <Combo
            label="Relatório"
            value={id}
            onValueChange={(v) => {
              setId(v);
              setFilters(null);
            }}
            options={catalogue.data.map((r) => ({ value: r.id, label: `${r.id} - ${r.title}` }))}
            emptyText="Nenhum Relatório retornado"
          />
          {report && (
            <>
              <ReportFiltersForm
                key={report.id}
                report={report}
                options={options.status === 'ready' ? options.data : undefined}
                loading={false}
                onApply={setFilters}
              />
              {filters ? (
                <Text aria-live="polite">Filtros aplicados. Escolha o formato.</Text>
              ) : (
                <Text>Aplique os filtros (Pesquisar) e escolha o formato.</Text>
              )}
              <ExportButtons report={report} filters={filters} />
            </>
          )}
          <ReportList reports={catalogue.data} />
        </>
      )}
    </Stack>
  );
}
