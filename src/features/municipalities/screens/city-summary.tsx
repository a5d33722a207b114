import { Card, DataList, Heading, HStack, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { useId } from 'react';
import { RELATIONSHIP_STATUS } from '../../../domain/municipality.ts';
import { canSeePointsAndMedals, hasFlag, isAdmin, isVigente } from '../../../domain/permissions.ts';
import { AGENT_TABS, agentTabPath } from '../../../entities/territories/agent-tabs.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { vocabularyFor, type Term } from '../../../domain/vocabulary.ts';
import { useSession } from '../../../session/store.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import { useMiniDash, type MiniDash } from '../data.ts';
import { useCity } from '../../../session/city.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';

const RELATIONSHIP_LABELS: Record<number, string> = {
  [RELATIONSHIP_STATUS.vigente]: 'Vigente',
  [RELATIONSHIP_STATUS.negociacao]: 'Negociação',
  [RELATIONSHIP_STATUS.encerrado]: 'Encerrado',
  [RELATIONSHIP_STATUS.semRelacionamento]: 'Sem relacionamento',
};

const MEDAL_LABELS: Record<NonNullable<MunicipalityDetail['medalha']>, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro' };

/** Each type is named as its own mode names it: Município, Sala, Parceiro. */
const TYPE_LABELS: Record<MunicipalityDetail['tipo'], string> = {
  municipio: vocabularyFor('default').municipality.singular,
  sala: vocabularyFor('sala').municipality.singular,
  parceiro: vocabularyFor('parceiro').municipality.singular,
};

const EMPTY = '—';

/** /cidade/:id/geral: what the municipality is, where its contract stands, and its counts. */
export function CitySummaryScreen() {
  const { municipality } = useCity();
  const session = useSession();
  const words = currentVocabulary();
  const { variant } = currentVariant();
  const detailsId = useId();

  const vigente = isVigente(municipality, variant, municipality.uf);
  const showPoints = session.user !== null && canSeePointsAndMedals({ usuario: session.user, config: session.config }, vigente);

  const showAgentTabs =
    variant.mode.isAT ||
    variant.mode.DT ||
    (session.user !== null &&
      (isAdmin(session.user) || hasFlag({ usuario: session.user, config: session.config }, 'menuGestaoTerritorios')));

  const details: Array<[label: string, value: string]> = [
    ['Status', municipality.statusNome ?? EMPTY],
    ['Status do contrato', municipality.statusContratoNome ?? EMPTY],
    ['Relacionamento', RELATIONSHIP_LABELS[municipality.statusRelacionamento] ?? EMPTY],
    ['Projeto', municipality.projetoNome ?? EMPTY],
    ['Tipo', TYPE_LABELS[municipality.tipo]],
    ['Vigente', vigente ? 'Sim' : 'Não'],
  ];
  if (showPoints) {
    details.push(['Pontos', String(municipality.pontos)]);
    details.push(['Medalha', municipality.medalha ? MEDAL_LABELS[municipality.medalha] : EMPTY]);
  }

  return (
    <Stack gap="6">
      <title>{`${words.cityTabs.geral} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <Card.Root as="section" aria-labelledby={detailsId}>
        <Card.Header>
          <Heading as="h2" size="lg" id={detailsId}>
            Dados gerais
          </Heading>
        </Card.Header>
        <Card.Body>
          <DataList.Root
            orientation="horizontal"
            display="grid"
            gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }}
            columnGap="8"
            rowGap="3"
          >
            {details.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW={{ base: '32', sm: '40' }}>{label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium" overflowWrap="anywhere">
                  {value}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <MiniDashCards municipioId={municipality.municipioId} showPoints={showPoints} />
      {showAgentTabs && <AgentLinks municipioId={municipality.municipioId} />}
    </Stack>
  );
}

/**
 * The way into the territorial agent's tabs (/cidade/{id}/agenteTerritorial/{tab}, issue 31): the spec
 * names those pages but gives them no city tab, so the Geral tab links them in the territorial
 * variants (Agente Territorial, Desenvolvimento Territorial) and for whoever manages territories.
 */
function AgentLinks({ municipioId }: { municipioId: number }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="lg" id={headingId}>
          Agente territorial
        </Heading>
        <HStack as="ul" listStyleType="none" gap="4" wrap="wrap">
          {AGENT_TABS.map((tab) => (
            <li key={tab.id}>
              <AppLink to={agentTabPath(municipioId, tab.id)}>{tab.label}</AppLink>
            </li>
          ))}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function MiniDashCards({ municipioId, showPoints }: { municipioId: number; showPoints: boolean }) {
  const dash = useMiniDash(municipioId);
  const headingId = useId();
  const words = currentVocabulary();

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" size="lg" id={headingId}>
        Indicadores
      </Heading>
      {dash.status === 'loading' && <LoadingState label="Carregando indicadores…" />}
      {dash.status === 'error' && <LoadError message="Não foi possível carregar os indicadores." onRetry={dash.reload} />}
      {dash.status === 'ready' && <KeyNumbers dash={dash.data} showPoints={showPoints} />}
      {dash.status === 'ready' && (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, xl: 6 }} gap="3">
          {statCards(dash.data, words.question, words.meeting.plural).map(([label, value]) => (
            <li key={label}>
              <Card.Root size="sm" h="full">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{label}</Stat.Label>
                    <Stat.ValueText>{value.toLocaleString('pt-BR')}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function statCards(dash: MiniDash, question: Term, meetings: string): Array<[string, number]> {
  // Perguntas respondidas, Critérios respondidos: the participle agrees with the mode's noun.
  const ending = question.gender === 'f' ? 'as' : 'os';
  const questions = question.plural;
  return [
    ['Membros', dash.membros],
    ['Grupos', dash.grupos],
    [`${questions} respondid${ending}`, dash.perguntasRespondidas],
    [`${questions} evidenciad${ending}`, dash.perguntasEvidenciadas],
    [`${questions} rejeitad${ending}`, dash.perguntasRejeitadas],
    [meetings, dash.encontros],
  ];
}

const SEAL_NAMES: Record<NonNullable<MiniDash['selo']>, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro', diamante: 'Diamante' };
const dateOf = (iso: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/**
 * The city's key numbers (issue 34): plain Chakra bars and a list, no chart library, so the Geral
 * tab's first paint costs nothing more than its one request.
 */
function KeyNumbers({ dash, showPoints }: { dash: MiniDash; showPoints: boolean }) {
  const evidences = dash.evidenciasAprovadas + dash.evidenciasRejeitadas + dash.evidenciasPendentes;
  const facts: Array<[string, string]> = [
    ['Evidências aprovadas', dash.evidenciasAprovadas.toLocaleString('pt-BR')],
    ['Evidências rejeitadas', dash.evidenciasRejeitadas.toLocaleString('pt-BR')],
    ['Evidências pendentes', dash.evidenciasPendentes.toLocaleString('pt-BR')],
    ['Selo', dash.selo ? SEAL_NAMES[dash.selo] : EMPTY],
    ['Último relatório', dash.ultimoRelatorio ? dateOf(dash.ultimoRelatorio) : EMPTY],
  ];
  if (showPoints) facts.splice(3, 0, ['Pontos dos acompanhamentos', dash.pontos.toLocaleString('pt-BR')]);
  return (
    <Card.Root size="sm">
      <Card.Body gap="4">
        <ProgressBar
          label="Tarefas cumpridas"
          value={dash.tarefasCumpridas}
          max={dash.tarefas}
          valueText={`${dash.tarefasCumpridas.toLocaleString('pt-BR')} de ${dash.tarefas.toLocaleString('pt-BR')}`}
          colorPalette="green"
        />
        {evidences > 0 && (
          <ProgressBar
            label="Evidências aprovadas"
            value={dash.evidenciasAprovadas}
            max={evidences}
            valueText={`${dash.evidenciasAprovadas.toLocaleString('pt-BR')} de ${evidences.toLocaleString('pt-BR')}`}
          />
        )}
        <DataList.Root
          orientation="horizontal"
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
          columnGap="8"
          rowGap="2"
        >
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW={{ base: '40', sm: '48' }}>{label}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
