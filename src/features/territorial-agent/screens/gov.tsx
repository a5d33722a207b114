import { Badge, Card, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { AgentTabs } from '../../../entities/territories/agent-tabs.tsx';
import { AGENT_MESSAGES } from '../../../domain/territorial-agent.ts';
import { vocabularyFor } from '../../../domain/vocabulary.ts';
import { useCity } from '../../../session/city.ts';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ReadState } from '../components/read-state.tsx';
import { territorialAgent } from '../data.ts';

/** Gov's words whatever the variant: this tab is the municipality read as the government programme reads it. */
const gov = vocabularyFor('gov');

/** /cidade/{id}/agenteTerritorial/gov: the municipality in the Gov reading (institutions, categories, groups of phases, phases and activities). */
export function GovScreen() {
  const { municipality } = useCity();
  const view = territorialAgent.useGov(municipality.municipioId);
  const headingId = useId();
  return (
    <AgentTabs>
      <PageTitle parts={['Visão Gov', municipality.nome]} />
      <ListHeading title="Visão Gov" id={headingId} level={2} />
      <ReadState read={view} failure="Não foi possível carregar a visão Gov do município.">
        {(data) => (
          <Stack gap="5">
            <Text>
              {gov.municipality.singular}: <strong>{data.nome}</strong> ({data.uf}) · Unidade regional:{' '}
              {data.unidadeRegional ?? 'não definida'}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Card.Root as="section" aria-label="Instituições">
                <Card.Header>
                  <Text as="h3" fontWeight="semibold" textStyle="lg">
                    Instituições
                  </Text>
                </Card.Header>
                <Card.Body>
                  {data.instituicoes.length === 0 ? (
                    <Text>{AGENT_MESSAGES.govEmpty}</Text>
                  ) : (
                    <List.Root gap="1" ps="4">
                      {data.instituicoes.map((i) => (
                        <List.Item key={i.instituicaoId}>{i.sigla ? `${i.nome} (${i.sigla})` : i.nome}</List.Item>
                      ))}
                    </List.Root>
                  )}
                </Card.Body>
              </Card.Root>
              <Card.Root as="section" aria-label="Categorias">
                <Card.Header>
                  <Text as="h3" fontWeight="semibold" textStyle="lg">
                    Categorias
                  </Text>
                </Card.Header>
                <Card.Body>
                  {data.categorias.length === 0 ? (
                    <Text>Nenhuma categoria cadastrada.</Text>
                  ) : (
                    <List.Root gap="1" ps="4">
                      {data.categorias.map((c) => (
                        <List.Item key={c.categoriaId}>{c.descricao ? `${c.nome}: ${c.descricao}` : c.nome}</List.Item>
                      ))}
                    </List.Root>
                  )}
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
            <Text as="h3" fontWeight="semibold" textStyle="lg">
              {`${gov.solution.plural} e ${gov.task.plural.toLowerCase()}`}
            </Text>
            {data.grupos.length === 0 && <Text>{gov.empty.solutions}</Text>}
            {data.grupos.map((g) => (
              <Card.Root key={g.nome} as="section" aria-label={`${gov.solutionGroup.singular} ${g.nome}`}>
                <Card.Header>
                  <Text as="h4" fontWeight="semibold">
                    {`${gov.solutionGroup.singular}: ${g.nome}`}
                  </Text>
                </Card.Header>
                <Card.Body>
                  <Stack gap="2" as="ul" listStyleType="none">
                    {g.fases.map((f) => (
                      <HStack as="li" key={f.municipioSolucaoId} justify="space-between" wrap="wrap" gap="2">
                        <Text>{`${gov.solution.singular}: ${f.nome}`}</Text>
                        <HStack gap="2">
                          <Badge colorPalette={f.situacao === 'Concluída' ? 'green' : f.situacao === 'Em andamento' ? 'orange' : 'gray'}>
                            {f.situacao}
                          </Badge>
                          <Text color="fg.muted">{`${f.concluidas} de ${f.atividades} ${gov.task.plural.toLowerCase()}`}</Text>
                        </HStack>
                      </HStack>
                    ))}
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </ReadState>
    </AgentTabs>
  );
}
