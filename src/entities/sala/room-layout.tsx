import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { parseRouteId } from '../../domain/route-params.ts';
import { SALA_MESSAGES } from '../../domain/sala.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { LoadingState } from '../../ui/loading-state.tsx';
import { NavTabs } from '../../ui/nav-tabs.tsx';
import { salaRoom } from './data.ts';
import { ROOM_TABS, roomTabPath, SALA_PATHS } from './paths.ts';
import { SealBadge } from './seal-badge.tsx';
import type { SalaRow } from './table.ts';

/**
 * The frame of every page under /sala-principal/{id}/ (issue 29): the room's name, its municipality
 * and its seal, and the eleven tabs with the spec's labels. Each room page (the indicator registers,
 * the map, and the 5W2H, cost and time rooms) wraps itself in it; the room is read local-first, so
 * the frame opens offline once the municipality is on the device. The page itself (`children`)
 * brings its own heading and breadcrumb.
 */
export function RoomLayout({ children }: { children: ReactNode }) {
  const municipioId = parseRouteId(useParams().id);
  const { pathname } = useLocation();
  const home = salaRoom.useHome(municipioId);

  if (municipioId === null) return <RoomMissing />;
  if (home.status === 'error') return httpStatusOf(home.error) === 404 ? <RoomMissing /> : <RoomUnavailable onRetry={home.reload} />;
  if (home.status !== 'ready') return <LoadingState label="Carregando sala…" />;

  // The longest tab path the address is or starts with: sala-indicadores is a prefix of sala-indicadores-municipio.
  const active =
    ROOM_TABS.map((tab) => ({ id: tab.id, href: roomTabPath(municipioId, tab.id) }))
      .filter(({ href }) => pathname === href || pathname.startsWith(`${href}/`))
      .sort((a, b) => b.href.length - a.href.length)[0]?.id ?? null;
  return (
    <Stack gap="4">
      <RoomHeader room={home.data} />
      <NavTabs
        label="Seções da sala"
        active={active}
        tabs={ROOM_TABS.map((tab) => ({ id: tab.id, label: tab.label, href: roomTabPath(municipioId, tab.id) }))}
      />
      {children}
    </Stack>
  );
}

function RoomHeader({ room }: { room: SalaRow }) {
  return (
    <HStack gap="3" wrap="wrap" justify="space-between">
      <Stack gap="0" minW="0">
        <Text textStyle="sm" color="fg.muted">
          Sala do Empreendedor · {room.sala.municipioNome}/{room.sala.uf.toUpperCase()}
        </Text>
        <Text textStyle="xl" fontWeight="semibold" overflowWrap="anywhere">
          {room.sala.nome}
        </Text>
      </Stack>
      <SealBadge level={room.sala.selo} size="lg" />
    </HStack>
  );
}

function RoomMissing() {
  return (
    <Alert.Root status="warning" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{SALA_MESSAGES.roomNotFound}</Alert.Title>
        <Alert.Description>
          <Button asChild variant="plain" px="0">
            <RouterLink to={SALA_PATHS.list}>Ver as salas</RouterLink>
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function RoomUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack gap="3" align="start" role="alert">
      <Text color="fg.muted">Não foi possível carregar a sala.</Text>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Stack>
  );
}
