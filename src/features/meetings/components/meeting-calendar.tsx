import { Box } from '@chakra-ui/react';
import type { DatesSetArg, EventClickArg, EventInput, EventMountArg } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { toWallClock } from '../../../domain/meetings.ts';

/**
 * The month and week views (FullCalendar 6). The calendar runs in its 'UTC' zone and is fed São
 * Paulo wall-clock times without an offset: it then shows and returns São Paulo times whatever the
 * device's zone, with no time-zone plugin. Dates it hands back are converted with `wallOf`.
 */

export type CalendarEntry = { id: number; title: string; inicio: string; fim: string; encontroType: string; pending: boolean };

/** A date the calendar gave back, as the São Paulo wall clock "YYYY-MM-DDTHH:mm" it stands for. */
export const wallOf = (date: Date): string => date.toISOString().slice(0, 16);

const NARROW = '(max-width: 40em)';

function subscribeNarrow(listener: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const TYPE_COLOURS: Record<string, string> = {
  encontro: 'var(--chakra-colors-blue-600)',
  visita: 'var(--chakra-colors-teal-700)',
  capacitacao: 'var(--chakra-colors-purple-600)',
  reuniao: 'var(--chakra-colors-orange-700)',
  evento: 'var(--chakra-colors-gray-700)',
};

type Props = {
  entries: readonly CalendarEntry[];
  /** A day (month view) or a time slot (week view) was clicked: its São Paulo wall clock. */
  onSlot?: (start: string, allDay: boolean) => void;
  onOpen: (id: number) => void;
  /** The visible period changed: [start, end) as São Paulo days "YYYY-MM-DD". */
  onRange: (range: { start: string; end: string }) => void;
  label: string;
};

export function MeetingCalendar({ entries, onSlot, onOpen, onRange, label }: Props) {
  const narrow = useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);
  const events = useMemo<EventInput[]>(
    () =>
      entries.map((e) => ({
        id: String(e.id),
        title: e.pending ? `${e.title} (pendente)` : e.title,
        start: toWallClock(e.inicio),
        end: toWallClock(e.fim),
        extendedProps: {
          spoken: `${e.pending ? `${e.title} (pendente)` : e.title}, ${formatDateTime(e.inicio)} até ${formatDateTime(e.fim).slice(11)}`,
        },
        backgroundColor: TYPE_COLOURS[e.encontroType] ?? TYPE_COLOURS.encontro,
        borderColor: TYPE_COLOURS[e.encontroType] ?? TYPE_COLOURS.encontro,
      })),
    [entries],
  );

  return (
    <Box
      role="region"
      aria-label={label}
      css={{
        '--fc-border-color': 'var(--chakra-colors-border)',
        '--fc-today-bg-color': 'var(--chakra-colors-blue-subtle)',
        '--fc-button-bg-color': 'var(--chakra-colors-color-palette-solid)',
        '--fc-button-border-color': 'var(--chakra-colors-color-palette-solid)',
        // The pressed view button keeps white text above 4.5:1: a darker shade, not the light "emphasized" one.
        '--fc-button-active-bg-color': 'var(--chakra-colors-color-palette-800)',
        '--fc-button-active-border-color': 'var(--chakra-colors-color-palette-800)',
        '--fc-button-hover-bg-color': 'var(--chakra-colors-color-palette-700)',
        '--fc-button-hover-border-color': 'var(--chakra-colors-color-palette-700)',
        '--fc-button-text-color': 'var(--chakra-colors-color-palette-contrast)',
        '--fc-page-bg-color': 'var(--chakra-colors-bg)',
        '--fc-neutral-bg-color': 'var(--chakra-colors-bg-muted)',
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: '0.5rem' },
        '& .fc .fc-toolbar-title': { fontSize: { base: '1.1rem', md: '1.5rem' } },
        '& .fc a': { color: 'inherit' },
        // FullCalendar fades the other months' days to 0.3 opacity (2.0:1): muted text instead keeps them apart at 4.5:1.
        '& .fc .fc-daygrid-day.fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'var(--chakra-colors-fg-muted)' },
        '& .fc .fc-event': { cursor: 'pointer' },
        '& .fc .fc-event:focus-visible': { outline: '2px solid var(--chakra-colors-color-palette-focus-ring)', outlineOffset: '2px' },
      }}
    >
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={ptBrLocale}
        timeZone="UTC"
        now={() => toWallClock(new Date())}
        initialView="dayGridMonth"
        headerToolbar={
          narrow
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek' }
        }
        footerToolbar={narrow ? { center: 'dayGridMonth,timeGridWeek' } : false}
        height="auto"
        // Words ("Anterior", "Próximo") instead of icon glyphs, which FullCalendar marks as unnamed images.
        buttonIcons={false}
        events={events}
        eventInteractive
        dayMaxEvents={3}
        nowIndicator
        slotMinTime="06:00:00"
        slotMaxTime="23:00:00"
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        dateClick={onSlot ? (arg: DateClickArg) => onSlot(wallOf(arg.date), arg.allDay) : undefined}
        // FullCalendar makes entries focusable (Enter opens them) but gives them no role or full name.
        eventDidMount={(arg: EventMountArg) => {
          arg.el.setAttribute('role', 'button');
          arg.el.setAttribute('aria-label', String(arg.event.extendedProps.spoken ?? arg.event.title));
        }}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(Number(arg.event.id));
        }}
        datesSet={(arg: DatesSetArg) => onRange({ start: wallOf(arg.start).slice(0, 10), end: wallOf(arg.end).slice(0, 10) })}
      />
    </Box>
  );
}
