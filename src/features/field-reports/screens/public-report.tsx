import { Badge, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { PublicPage } from '../../../ui/public-page.tsx';
import { GuestPresenceList } from '../components/guest-presence-list.tsx';
import { ReportHtml } from '../../../ui/report-html.tsx';
import { httpStatusOf, usePublicReport } from '../public-data.ts';

/**
 * /obter_publico/:codigo (spec §2, no login): what a shared link shows of a report — its title,
 * municipality, date, text, who was present, the tasks and the names of the attached files. The
 * code is the report's unguessable public code, never its id; no author, status, reason or
 * contact data of the guests.
 */
export function PublicReportScreen() {
  const codigo = useParams().codigo ?? null;
  const report = usePublicReport(codigo && codigo.trim() ? codigo : null);
  // A malformed code is refused (400) like an unknown one (404): either way the link is wrong.
  const badLink = report.status === 'error' && [400, 404].includes(httpStatusOf(report.error) ?? 0);

  return (
    <PublicPage>
      {report.status === 'loading' && <LoadingState label="Carregando relatório…" />}
      {report.status === 'error' && (
        <Stack gap="2" role="alert">
          <PageTitle parts={['Relatório']} />
          <Heading as="h1" size="xl">
            {badLink ? 'Relatório não encontrado' : 'Não foi possível abrir o relatório'}
          </Heading>
          <Text color="fg.muted">{badLink ? 'Confira o link recebido.' : 'Verifique a conexão e tente de novo.'}</Text>
        </Stack>
      )}
      {report.status === 'ready' && (
        <Stack gap="6" bg="bg" p={{ base: '4', md: '8' }} rounded="lg" borderWidth="1px">
          <PageTitle parts={[report.data.titulo, report.data.municipio.nome]} />
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">
              {report.data.municipio.nome} ({report.data.municipio.uf.toUpperCase()}) · {formatDate(report.data.data)}
            </Text>
            <Heading as="h1" size="2xl" overflowWrap="anywhere">
              {report.data.titulo || 'Relatório'}
            </Heading>
          </Stack>
          <ReportHtml html={report.data.descricao} />
          {report.data.convidados.length > 0 && (
            <Stack as="section" gap="2">
              <Heading as="h2" size="md">
                Participantes
              </Heading>
              <GuestPresenceList guests={report.data.convidados} keyOf={(g, i) => `${g.nome}-${i}`} />
            </Stack>
          )}
          {report.data.tarefas.length > 0 && (
            <Stack as="section" gap="2">
              <Heading as="h2" size="md">
                {currentVocabulary().task.plural}
              </Heading>
              <List.Root as="ul" ps="5" gap="1">
                {report.data.tarefas.map((t, i) => (
                  <List.Item key={`${t.nome}-${i}`}>
                    {t.nome}{' '}
                    <Badge colorPalette={t.cumprida ? 'green' : 'gray'} variant="subtle">
                      {t.cumprida ? 'Cumprida' : 'Não cumprida'}
                    </Badge>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
          {report.data.arquivos.length > 0 && (
            <Stack as="section" gap="2">
              <Heading as="h2" size="md">
                Anexos
              </Heading>
              <List.Root as="ul" ps="5" gap="1">
                {report.data.arquivos.map((a, i) => (
                  <List.Item key={`${a.nome}-${i}`}>{a.nome}</List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </Stack>
      )}
    </PublicPage>
  );
}
