import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS } from '../../../domain/report-catalogue.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { ListHeading, LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { reportCatalogueData } from '../data.ts';
import { REPORT_CATALOGUE_PATHS, reportHref } from '../paths.ts';

/** /dashboard-administrativo2: the reports the user may open (their group's relatorioAdm, this mode), by category. */
export function CatalogueScreen() {
  const catalogue = reportCatalogueData.useCatalogue();
  return (
    <Stack gap="6" p={{ base: '3', md: '6' }}>
      <PageTitle parts={['Relatórios administrativos']} />
      <ListHeading id="catalogo-titulo" title="Relatórios administrativos" level={1} action={<AppLink to={REPORT_CATALOGUE_PATHS.export}>Exportar relatório</AppLink>} />
      {catalogue.status === 'error' ? (
        catalogue.sessionEnded ? null : <LoadError message="Erro ao obter relatórios" onRetry={() => location.reload()} />
      ) : catalogue.status !== 'ready' ? (
        <LoadingState />
      ) : catalogue.data.length === 0 ? (
        <Text>Nenhum relatório liberado para o seu grupo.</Text>
      ) : (
        REPORT_CATEGORIES.map((category) => {
          const reports = catalogue.data.filter((r) => r.category === category);
          if (!reports.length) return null;
          return (
            <Stack as="section" key={category} gap="2" aria-labelledby={`cat-${category}`}>
              <Heading as="h2" size="md" id={`cat-${category}`}>
                {REPORT_CATEGORY_LABELS[category]}
              </Heading>
              <List.Root gap="2" ps="5">
                {reports.map((r) => (
                  <List.Item key={r.id}>
                    <AppLink to={reportHref(r.route)}>{r.title}</AppLink>
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {' '}
                      — {r.description}
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
