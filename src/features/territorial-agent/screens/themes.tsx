import { Card, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { agentTabPath, AgentTabs } from '../../../entities/territories/agent-tabs.tsx';
import { formatDateTime } from '../../../domain/format.ts';
import { AGENT_MESSAGES, percent, type FinishedTheme } from '../../../domain/territorial-agent.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ReadState } from '../components/read-state.tsx';
import { territorialAgent } from '../data.ts';

/** /cidade/{id}/agenteTerritorial/temas[/{temaId}]: the themes the municipality finished, with points and date; one theme opened below the list. */
export function ThemesScreen() {
  const { municipality } = useCity();
  const { tabId } = useParams();
  const v = currentVocabulary();
  const themes = territorialAgent.useFinishedThemes(municipality.municipioId);
  const headingId = useId();
  const columns: Array<DataColumn<FinishedTheme>> = [
    {
      key: 'nome',
      header: 'Tema',
      rowHeader: true,
      cell: (t) => <AppLink to={agentTabPath(municipality.municipioId, 'temas', t.temaId)}>{t.nome}</AppLink>,
    },
    { key: 'eixoNome', header: v.axis.singular },
    {
      key: 'pontos',
      header: 'Pontos',
      align: 'end',
      value: (t) => `${t.pontosObtidos} de ${t.pontosPossiveis}`,
      sortValue: (t) => t.pontosObtidos,
      cardPriority: 1,
    },
    { key: 'finalizadoEm', header: 'Finalizado em', value: (t) => formatDateTime(t.finalizadoEm), sortValue: (t) => t.finalizadoEm },
  ];
  return (
    <AgentTabs>
      <PageTitle parts={['Temas finalizados', municipality.nome]} />
      <ListHeading title="Temas finalizados" id={headingId} level={2} />
      <ReadState read={themes} failure="Não foi possível carregar os temas finalizados.">
        {(data) => {
          const open = tabId === undefined ? undefined : data.find((t) => String(t.temaId) === tabId);
          return (
            <Stack gap="4">
              {tabId !== undefined && !open && <Text role="status">Este tema não está entre os temas finalizados do município.</Text>}
              {open && (
                <Card.Root as="section" aria-label={`Tema ${open.nome}`}>
                  <Card.Header>
                    <Text as="h3" fontWeight="semibold" textStyle="lg">
                      {open.nome}
                    </Text>
                  </Card.Header>
                  <Card.Body>
                    <Stack gap="1">
                      <Text>
                        {v.axis.singular}: {open.eixoNome}
                      </Text>
                      <Text>
                        Pontos: {open.pontosObtidos} de {open.pontosPossiveis} ({percent(open.pontosObtidos, open.pontosPossiveis)}%)
                      </Text>
                      <Text>
                        {v.question.plural}: {open.perguntas}
                      </Text>
                      <Text>Finalizado em {formatDateTime(open.finalizadoEm)}</Text>
                    </Stack>
                  </Card.Body>
                </Card.Root>
              )}
              <TableClip>
                <DataTable
                  rows={data}
                  columns={columns}
                  rowKey={(t) => t.temaId}
                  labelledBy={headingId}
                  emptyText={AGENT_MESSAGES.themesEmpty}
                  defaultSort={{ key: 'finalizadoEm', direction: 'desc' }}
                />
              </TableClip>
            </Stack>
          );
        }}
      </ReadState>
    </AgentTabs>
  );
}
