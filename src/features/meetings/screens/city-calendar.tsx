import { Badge, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { canEditCalendar, meetingNeedsTask, meetingTypeName, parseWallClock } from '../../../domain/meetings.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCity } from '../../../session/city.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { MeetingCalendar, type CalendarEntry } from '../components/meeting-calendar.tsx';
import { MeetingDialog, type MeetingDialogState } from '../components/meeting-dialog.tsx';
import { useCityMeetings, type CalendarMeeting } from '../data.ts';
import { emptyMeetingValues, meetingLabel, valuesOfMeeting } from '../form-logic.ts';

/** Default slot of a day clicked in the month view: 09:00 São Paulo, one hour. */
const DAY_START = 'T09:00';

/**
 * /cidade/:id/evento: the city's meetings in month and week views (Agenda in AT, Calendário
 * otherwise), read from the device so they show offline; created, edited and deleted in a dialog
 * while online. Below the calendar, the period's meetings as a table: the same actions by keyboard
 * and for screen readers.
 */
export function CityCalendarScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const session = useSession();
  const words = currentVocabulary();
  const online = useOnline();
  const meetings = useCityMeetings(municipioId);
  const [dialog, setDialog] = useState<MeetingDialogState | null>(null);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const headingId = useId();
  const listId = useId();

  const ctx = session.user ? { usuario: session.user, config: session.config } : null;
  const canEdit = ctx !== null && canEditCalendar(ctx);
  const needsTask = ctx !== null && meetingNeedsTask(ctx);
  const title = words.cityTabs.evento;
  const noun = words.meeting;
  const newLabel = `${noun.gender === 'f' ? 'Nova' : 'Novo'} ${noun.singular.toLowerCase()}`;

  const rows = useMemo(() => (meetings.status === 'ready' ? meetings.data : []), [meetings]);
  const entries = useMemo<CalendarEntry[]>(
    () =>
      rows.map((m) => ({
        id: m.encontroId,
        title: meetingLabel(m),
        inicio: m.inicio,
        fim: m.fim,
        encontroType: m.encontroType,
        pending: m.pending === 1,
      })),
    [rows],
  );
  const inRange = useMemo(() => {
    if (!range) return [];
    const start = parseWallClock(`${range.start}T00:00`)?.getTime() ?? 0;
    const end = parseWallClock(`${range.end}T00:00`)?.getTime() ?? 0;
    return rows.filter((m) => {
      const at = Date.parse(m.inicio);
      return at >= start && at < end;
    });
  }, [rows, range]);

  function openCreate(start?: string, allDay = false) {
    const wall = start ? (allDay ? `${start.slice(0, 10)}${DAY_START}` : start) : null;
    const at = (wall && parseWallClock(wall)) || nextHour();
    setDialog({ mode: 'create', values: emptyMeetingValues(at) });
  }

  function openMeeting(encontroId: number) {
    const meeting = rows.find((m) => m.encontroId === encontroId);
    if (meeting) setDialog({ mode: 'edit', encontroId, values: valuesOfMeeting(meeting), temRelatorio: meeting.temRelatorio === true });
  }

  const columns: Array<DataColumn<CalendarMeeting>> = [
    {
      key: 'inicio',
      header: 'Início',
      value: (m) => m.inicio,
      format: (v) => formatDateTime(String(v)),
      width: '10rem',
    },
    { key: 'grupoNome', header: 'Grupo', rowHeader: true, truncate: 40 },
    { key: 'titulo', header: 'Título', truncate: 40 },
    { key: 'encontroType', header: 'Tipo', value: (m) => meetingTypeName(m.encontroType), width: '10rem' },
    { key: 'tarefas', header: words.task.plural, value: (m) => m.tarefas.length, align: 'end', width: '7rem' },
    actionsColumn(
      (m) => (
        <HStack justify="flex-end" gap="2">
          {m.pending === 1 && <Badge colorPalette="orange">pendente</Badge>}
          <Button
            size="xs"
            variant="outline"
            onClick={() => openMeeting(m.encontroId)}
            aria-label={`${canEdit ? 'Editar' : 'Ver'} ${meetingLabel(m)}`}
          >
            {canEdit ? 'Editar' : 'Ver'}
          </Button>
        </HStack>
      ),
      '8rem',
    ),
  ];

  return (
    <Stack gap="4">
      <title>{`${title} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <ListHeading
        title={title}
        id={headingId}
        level={2}
        action={
          canEdit && (
            <Button onClick={() => openCreate()} disabled={!online} title={online ? undefined : 'Criar exige conexão com a internet'}>
              {newLabel}
            </Button>
          )
        }
      />

      {meetings.status === 'ready' && <OfflineNotice syncedAt={meetings.syncedAt} refreshFailed={Boolean(meetings.refreshError)} />}

      {meetings.status === 'error' ? (
        <LoadError
          message={`Não foi possível carregar ${noun.gender === 'f' ? 'as' : 'os'} ${noun.plural.toLowerCase()}.`}
          onRetry={meetings.reload}
        />
      ) : (
        <>
          <MeetingCalendar
            label={`${title} de ${municipality.nome}`}
            entries={entries}
            onSlot={canEdit && online ? openCreate : undefined}
            onOpen={openMeeting}
            onRange={setRange}
          />
          <Heading as="h3" size="md" id={listId}>
            {`${noun.plural} do período`}
          </Heading>
          <DataTable
            rows={inRange}
            columns={columns}
            rowKey={(m) => m.encontroId}
            labelledBy={listId}
            loading={meetings.status === 'loading'}
            loadingText={`Carregando ${noun.plural.toLowerCase()}…`}
            emptyText={words.empty.meetings}
            defaultSort={{ key: 'inicio', direction: 'asc' }}
            minWidth="40rem"
          />
        </>
      )}

      <MeetingDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={meetings.reload}
        municipioId={municipioId}
        words={words}
        canEdit={canEdit}
        needsTask={needsTask}
      />
    </Stack>
  );
}

/** The next full hour from now: a sensible start for a meeting created from the button. */
function nextHour(): Date {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  return new Date(d.getTime() + 3_600_000);
}
