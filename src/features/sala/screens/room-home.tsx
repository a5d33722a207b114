import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { parseRouteId } from '../../../domain/route-params.ts';
import { formatDate } from '../../../domain/format.ts';
import { formatPeriod, type RoomHome } from '../../../domain/sala.ts';
import { PLAN_STATUS_LABELS } from '../../../domain/sala-5w2h.ts';
import { SEAL_RULE } from '../../../domain/sala-seal.ts';
import { permittedMunicipalityIds } from '../../../domain/permissions.ts';
import { salaRoom } from '../../../entities/sala/data.ts';
import { roomTabPath, SALA_PATHS } from '../../../entities/sala/paths.ts';
import { SealBadge } from '../../../entities/sala/seal-badge.tsx';
import { useSession } from '../../../session/store.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { formatValue, indexReadings, mapRows } from '../map-logic.ts';

const TITLE = 'Minha Sala';

/**
 * /sala-municipio-principal (issue 29 item 1): a municipality user's home. Their room is the one of
 * the municipality they hold a permission in (known without the network, so the home opens
 * offline); someone who sees several rooms chooses one (`?municipio=`). It shows the room, its
 * seal and what the seal is made of, its indicators at a glance (latest reading and level), and
 * the way to its 5W2H actions, cost and time.
 */
export function RoomHomeScreen() {
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const own = session.user ? [...permittedMunicipalityIds(session.user)] : [];
  const asked = parseRouteId(search.get('municipio'));
  const single = own.length === 1 ? own[0]! : null;
  const rooms = salaRoom.useRooms();
  const choices = rooms.status === 'ready' ? rooms.data : [];
  const municipioId = asked ?? single ?? (choices.length === 1 ? choices[0]!.municipioId : null);

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      {(single === null || asked !== null) && choices.length > 1 && (
        <Box maxW="sm">
          <SelectField
            label="Sala"
            placeholder="Selecione"
            options={choices.map((room) => ({ value: String(room.municipioId), label: `${room.nome} (${room.municipioNome})` }))}
            value={municipioId === null ? '' : String(municipioId)}
            onValueChange={(value) => setSearch(value ? { municipio: value } : {})}
          />
        </Box>
      )}
      {municipioId === null ? (
        rooms.status === 'loading' ? (
          <LoadingState label="Carregando salas…" />
        ) : (
          <Text color="fg.muted">Escolha uma sala para ver o seu resumo.</Text>
        )
      ) : (
        <RoomSummary municipioId={municipioId} />
      )}
    </Stack>
  );
}

function RoomSummary({ municipioId }: { municipioId: number }) {
  const home = salaRoom.useHome(municipioId);
  const readings = salaRoom.useReadings(municipioId);
  const index = useMemo(() => indexReadings(readings.status === 'ready' ? readings.data : []), [readings]);
  const latest = index.periods[index.periods.length - 1] ?? null;
  const rows = useMemo(
    () => (home.status === 'ready' ? mapRows(home.data.indicadores, home.data.niveis, index, latest) : []),
    [home, index, latest],
  );

  if (home.status === 'error') {
    return (
      <Stack gap="2" role="alert" align="start">
        <Text>Este município ainda não tem uma sala.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to={SALA_PATHS.list}>Ver as salas</RouterLink>
        </Button>
      </Stack>
    );
  }
  if (home.status !== 'ready') return <LoadingState label="Carregando sala…" />;
  const { sala } = home.data;
  const evidence = sala.pontosPossiveis > 0 ? Math.round((100 * sala.pontosEvidencia) / sala.pontosPossiveis) : 0;
  const onTarget = sala.indicadoresTotal > 0 ? Math.round((100 * sala.indicadoresNaMeta) / sala.indicadoresTotal) : 0;
  const next = [...SEAL_RULE].reverse().find((step) => evidence < step.evidence || onTarget < step.indicators);

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text textStyle="sm" color="fg.muted">
            {sala.municipioNome}/{sala.uf.toUpperCase()}
          </Text>
          <Heading as="h1" size="2xl">
            {sala.nome}
          </Heading>
        </Stack>
        <SealBadge level={sala.selo} size="lg" />
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Card.Root>
          <Card.Body>
            <Heading as="h2" size="md">
              Selo
            </Heading>
            <Text>Evidências aprovadas: {evidence} % dos pontos</Text>
            <Text>
              Indicadores na meta: {sala.indicadoresNaMeta} de {sala.indicadoresTotal} ({onTarget} %)
            </Text>
            {next && (
              <Text textStyle="sm" color="fg.muted">
                Próximo nível ({next.level}): {next.evidence} % dos pontos e {next.indicators} % dos indicadores na meta.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Heading as="h2" size="md">
              Ações 5W2H
            </Heading>
            <OpenActions actions={home.data.acoesAbertas} />
            <Button asChild variant="outline" size="sm" mt="2" alignSelf="start">
              <RouterLink to={roomTabPath(municipioId, 'sala-5w2h')}>Ver ações</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Heading as="h2" size="md">
              Custos e tempos
            </Heading>
            <HStack gap="2" mt="2" wrap="wrap">
              <Button asChild variant="outline" size="sm">
                <RouterLink to={roomTabPath(municipioId, 'sala-custo')}>Custos</RouterLink>
              </Button>
              <Button asChild variant="outline" size="sm">
                <RouterLink to={roomTabPath(municipioId, 'sala-tempo')}>Tempo de Atendimento</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg">
            Indicadores {latest ? `em ${formatPeriod(latest)}` : ''}
          </Heading>
          <Button asChild size="sm">
            <RouterLink to={roomTabPath(municipioId, 'sala-indicadores-municipio')}>Mapa de Indicadores</RouterLink>
          </Button>
        </HStack>
        {rows.length === 0 ? (
          <Text color="fg.muted">Nenhum Indicador retornado</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
            {rows.map((row) => (
              <Box as="li" key={row.indicadorId} borderWidth="1px" rounded="l2" p="3">
                <Text fontWeight="medium">{row.nome}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {row.eixoNome}
                </Text>
                <HStack gap="2" mt="1" wrap="wrap">
                  <Text>
                    {formatValue(row.valor, row.unidade)} / meta {formatValue(row.meta, row.unidade)}
                  </Text>
                  {row.nivel && <Badge colorPalette={row.naMeta ? 'green' : 'orange'}>{row.nivel}</Badge>}
                  {row.pending && <Badge colorPalette="orange">pendente</Badge>}
                </HStack>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

/** How many actions of the room's 5W2H plan are open, and the first ones due (the plan's page has them all). */
function OpenActions({ actions }: { actions: RoomHome['acoesAbertas'] }) {
  if (actions.length === 0) return <Text color="fg.muted">Nenhuma ação em aberto.</Text>;
  const shown = actions.slice(0, 5);
  return (
    <Stack gap="2">
      <Text>{actions.length === 1 ? '1 ação em aberto' : `${actions.length} ações em aberto`}</Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Ações em aberto">
        {shown.map((action) => (
          <Box as="li" key={action.sala5w2hId} borderTopWidth="1px" pt="2">
            <Text fontWeight="medium" overflowWrap="anywhere">
              {action.oQue}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {action.quem} · até {formatDate(action.quando)} · {PLAN_STATUS_LABELS[action.status]} ({action.progresso}%)
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
