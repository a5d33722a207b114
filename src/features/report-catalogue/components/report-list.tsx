import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, reportHref, type ReportDefinition } from '../../../domain/report-catalogue.ts';
import { AppLink } from '../../../ui/app-link.tsx';

/**
 * The reports the user may open (their group's relatorioAdm, this mode), by category, each a link to
 * its screen. Spec §2 sends /dashboard-administrativo2 to the charts, so the list lives on
 * /exportar-relatorio, under the export picker.
 */
export function ReportList({ reports: all }: { reports: readonly ReportDefinition[] }) {
  return (
    <Stack gap="6" as="section" aria-labelledby="catalogo-titulo">
      <Heading as="h2" size="lg" id="catalogo-titulo">
        Relatórios administrativos
      </Heading>
      {all.length === 0 ? (
        <Text>Nenhum relatório liberado para o seu grupo.</Text>
      ) : (
        REPORT_CATEGORIES.map((category) => {
          const reports = all.filter((r) => r.category === category);
          if (!reports.length) return null;
          return (
            <Stack as="section" key={category} gap="2" aria-labelledby={`cat-${category}`}>
              <Heading as="h3" size="md" id={`cat-${category}`}>
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
