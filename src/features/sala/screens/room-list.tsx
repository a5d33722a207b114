import { Button, HStack, Stack } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Room } from '../../../domain/sala.ts';
import { SEAL_LEVELS, sealLabel } from '../../../domain/sala-seal.ts';
import { useMunicipalityNames } from '../../../entities/municipality/lists.ts';
import { salaRoom } from '../../../entities/sala/data.ts';
import { ROOM_START_TAB, roomTabPath, salaCreatePath, salaEditPath } from '../../../entities/sala/paths.ts';
import { SealBadge } from '../../../entities/sala/seal-badge.tsx';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, LINK_CELLS, ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { Trail } from '../../../ui/trail.tsx';

const TITLE = 'Sala do Empreendedor';

const columns: Array<DataColumn<Room>> = [
  {
    key: 'nome',
    header: 'Sala',
    rowHeader: true,
    truncate: 50,
    cell: (room) => <RouterLink to={roomTabPath(room.municipioId, ROOM_START_TAB)}>{room.nome}</RouterLink>,
  },
  { key: 'municipioNome', header: 'Município', value: (room) => `${room.municipioNome}/${room.uf.toUpperCase()}` },
  { key: 'responsavel', header: 'Responsável', truncate: 30 },
  {
    key: 'selo',
    header: 'Selo',
    cardPriority: 1,
    value: (room) => sealLabel(room.selo),
    // Diamante above Ouro above Prata above Bronze above none, not alphabetical.
    sortValue: (room) => (room.selo ? SEAL_LEVELS.indexOf(room.selo) + 1 : 0),
    cell: (room) => <SealBadge level={room.selo} size="sm" />,
  },
  actionsColumn(
    (room) => (
      <Button size="xs" variant="outline" asChild>
        <RouterLink to={salaEditPath(room.municipioId)} aria-label={`Editar ${room.nome}`}>
          Editar
        </RouterLink>
      </Button>
    ),
    '6rem',
  ),
];

/**
 * /sala-principal (issue 29 item 1): the rooms, one per municipality, with their seal level, and a
 * new room for a municipality that has none. Behind the Sala do Empreendedor menu flag.
 */
export function RoomListScreen() {
  return (
    <AccessGate flag="menuSalaEmpreendedor">
      <RoomList />
    </AccessGate>
  );
}

function RoomList() {
  const rooms = salaRoom.useRooms();
  const names = useMunicipalityNames();
  const navigate = useNavigate();
  const headingId = useId();
  const [chosen, setChosen] = useState('');
  const withoutRoom = useMemo(() => {
    if (names.status !== 'ready' || rooms.status !== 'ready') return [];
    const taken = new Set(rooms.data.map((room) => room.municipioId));
    return names.data.filter((m) => !taken.has(m.municipioId)).map((m) => ({ value: String(m.municipioId), label: m.nome }));
  }, [names, rooms]);

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: TITLE, href: '', current: true },
        ]}
      />
      <ListHeading title={TITLE} id={headingId} level={1} />
      <HStack gap="3" align="end" wrap="wrap">
        <SelectField label="Município sem sala" placeholder="Selecione" options={withoutRoom} value={chosen} onValueChange={setChosen} />
        <Button disabled={chosen === ''} onClick={() => navigate(salaCreatePath(Number(chosen)))}>
          Cadastrar sala
        </Button>
      </HStack>
      {rooms.status === 'error' ? (
        <LoadError message="Não foi possível carregar as salas." onRetry={rooms.reload} />
      ) : (
        <TableClip css={LINK_CELLS}>
          <DataTable
            labelledBy={headingId}
            rows={rooms.status === 'ready' ? rooms.data : []}
            loading={rooms.status === 'loading'}
            loadingText="Carregando salas…"
            columns={columns}
            rowKey={(room) => room.salaId}
            emptyText="Nenhuma Sala retornada"
            defaultSort={{ key: 'municipioNome', direction: 'asc' }}
            maxHeight="none"
          />
        </TableClip>
      )}
    </Stack>
  );
}
