import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format.ts';
import { canEditSummary, SUMMARY_MESSAGES } from '../../../domain/municipality-summary.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ReportHtml } from '../../../ui/report-html.tsx';
import { summaries } from '../data.ts';
import { summaryHref } from '../paths.ts';

/** /cidade/{id}/resumo-municipio: the summaries, newest first, each with its author and date. */
export function SummaryListScreen() {
  const { municipality } = useCity();
  const ctx = usePermissionContext();
  const list = summaries.useList(municipality.municipioId);
  return (
    <Stack gap="4">
      <PageTitle parts={['Resumo do município', municipality.nome]} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="xl">
          Resumo do município
        </Heading>
        <Button asChild>
          <RouterLink to={summaryHref.add(municipality.municipioId)}>Novo resumo</RouterLink>
        </Button>
      </HStack>
      {list.status === 'error' && <LoadError message="Não foi possível carregar os resumos." onRetry={list.reload} />}
      {list.status !== 'ready' && list.status !== 'error' && <LoadingState />}
      {list.status === 'ready' && list.data.length === 0 && <Text>{SUMMARY_MESSAGES.empty}</Text>}
      {list.status === 'ready' &&
        list.data.map((s) => (
          <Card.Root key={s.resumoId} as="article">
            <Card.Header>
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Heading as="h3" size="md">
                  {s.titulo}
                </Heading>
                {ctx && canEditSummary(ctx, s) && (
                  <Button asChild size="xs" variant="outline">
                    <RouterLink to={summaryHref.edit(municipality.municipioId, s.resumoId)} aria-label={`Editar ${s.titulo}`}>
                      Editar
                    </RouterLink>
                  </Button>
                )}
              </HStack>
              <Text textStyle="sm" color="fg.muted">
                Por {s.autorNome} em {formatDateTime(s.criadoEm)}
                {s.atualizadoEm ? ` · alterado por ${s.atualizadoPorNome ?? s.autorNome} em ${formatDateTime(s.atualizadoEm)}` : ''}
              </Text>
            </Card.Header>
            <Card.Body>
              <ReportHtml html={s.texto} />
            </Card.Body>
          </Card.Root>
        ))}
    </Stack>
  );
}
