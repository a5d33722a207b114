import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { AgentTabs } from '../../../entities/territories/agent-tabs.tsx';
import { formatDateTime } from '../../../domain/format.ts';
import { AGENT_MESSAGES, type RadarAxis } from '../../../domain/territorial-agent.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RadarChart } from '../components/radar-chart.tsx';
import { ReadState } from '../components/read-state.tsx';
import { territorialAgent } from '../data.ts';

const SITUATION_PALETTE = { 'Não Iniciado': 'gray', 'Em Preenchimento': 'orange', Enviado: 'green' } as const;

/** /cidade/{id}/agenteTerritorial/diagnostico: the diagnostic's situation and the axes' scores as a radar and a table. */
export function DiagnosisScreen() {
  const { municipality } = useCity();
  const v = currentVocabulary();
  const radar = territorialAgent.useRadar(municipality.municipioId);
  const headingId = useId();
  const tableId = useId();
  const columns: Array<DataColumn<RadarAxis>> = [
    { key: 'nome', header: v.axis.singular, rowHeader: true },
    { key: 'pontosObtidos', header: 'Pontos obtidos', align: 'end' },
    { key: 'pontosPossiveis', header: 'Pontos possíveis', align: 'end' },
    { key: 'percentual', header: 'Percentual', align: 'end', format: (p) => `${String(p)}%`, cardPriority: 1 },
    {
      key: 'respondidas',
      header: `${v.question.plural} respondidas`,
      value: (e) => `${e.respondidas} de ${e.perguntas}`,
      sortValue: (e) => e.respondidas,
    },
  ];
  return (
    <AgentTabs>
      <PageTitle parts={['Diagnóstico e radar', municipality.nome]} />
      <ListHeading title="Diagnóstico e radar" id={headingId} level={2} />
      <ReadState read={radar} failure="Não foi possível carregar o radar do município.">
        {(data) => (
          <Stack gap="4">
            <HStack gap="3" wrap="wrap">
              <Text fontWeight="semibold">Situação do diagnóstico:</Text>
              <Badge colorPalette={SITUATION_PALETTE[data.situacaoDiagnostico]} size="lg" data-testid="diagnostic-situation">
                {data.situacaoDiagnostico}
              </Badge>
              {data.diagnosticoEnviadoEm && <Text color="fg.muted">Enviado em {formatDateTime(data.diagnosticoEnviadoEm)}</Text>}
            </HStack>
            {data.eixos.length === 0 ? (
              <Text>{AGENT_MESSAGES.radarEmpty}</Text>
            ) : (
              <>
                <Text>
                  Pontuação geral: <strong>{data.pontosObtidos}</strong> de {data.pontosPossiveis} pontos ({data.percentual}%).
                </Text>
                <RadarChart
                  eixos={data.eixos}
                  label={`Radar de ${municipality.nome}: percentual de pontos por ${v.axis.singular.toLowerCase()}`}
                />
                <Text as="h3" id={tableId} fontWeight="semibold" textStyle="lg">
                  {`Pontos por ${v.axis.singular.toLowerCase()}`}
                </Text>
                <TableClip>
                  <DataTable
                    rows={data.eixos}
                    columns={columns}
                    rowKey={(e) => e.eixoId}
                    labelledBy={tableId}
                    emptyText={v.empty.axes}
                    maxHeight="none"
                  />
                </TableClip>
              </>
            )}
          </Stack>
        )}
      </ReadState>
    </AgentTabs>
  );
}
