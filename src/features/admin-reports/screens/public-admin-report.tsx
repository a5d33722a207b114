import { Box, Container, DataList, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ReportHtml } from '../../../ui/report-html.tsx';
import { adminReports, httpStatusOf } from '../data.ts';

/**
 * /relatorioAdmin/obter_publico/:codigo, no login: what a shared link shows (title, municipality,
 * date, hours, description, file names). The code is random: report ids cannot be tried in turn.
 */
export function PublicAdminReportScreen() {
  const codigo = useParams().codigo ?? null;
  const report = adminReports.usePublic(codigo);
  return (
    <Container maxW="4xl" py="8">
      {report.status === 'loading' && <LoadingState label="Carregando relatório…" />}
      {report.status === 'error' && (
        <Stack gap="2" role="alert">
          <PageTitle parts={['Relatório não encontrado']} />
          <Heading as="h1" size="xl">
            {httpStatusOf(report.error) === 404 ? 'Relatório não encontrado' : 'Não foi possível carregar o relatório'}
          </Heading>
          <Text color="fg.muted">Confira o link recebido.</Text>
        </Stack>
      )}
      {report.status === 'ready' && (
        <Stack gap="5">
          <PageTitle parts={[report.data.titulo]} />
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">
              Relatório administrativo
            </Text>
            <Heading as="h1" size="2xl" overflowWrap="anywhere">
              {report.data.titulo}
            </Heading>
          </Stack>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Município</DataList.ItemLabel>
              <DataList.ItemValue>
                {report.data.municipio.nome} / {report.data.municipio.uf}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Data</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(report.data.data)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Horas</DataList.ItemLabel>
              <DataList.ItemValue>{report.data.horas}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Box>
            <ReportHtml html={report.data.descricao} />
          </Box>
          {report.data.arquivos.length > 0 && (
            <Stack gap="2">
              <Heading as="h2" size="md">
                Anexos
              </Heading>
              <List.Root ps="5">
                {report.data.arquivos.map((a, i) => (
                  <List.Item key={`${a.nome}-${i}`}>{a.nome}</List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </Stack>
      )}
    </Container>
  );
}
