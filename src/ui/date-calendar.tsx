import { DatePicker, IconButton, parseDate, useDatePickerContext } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isIsoDate } from './date-logic.ts';
import { CalendarIcon } from './date-field.tsx';

/**
 * The calendar of a date field (Chakra's DatePicker: Zag and @internationalized/date, about 21 KB),
 * in a chunk of its own that src/ui/date-field.tsx loads when the calendar is first asked for
 * (issue 32): the typed DD/MM/AAAA input works without it.
 */

/** Ark's labels are English; these are what a screen reader says on the calendar. */
const TRANSLATIONS: DatePicker.RootProps['translations'] = {
  trigger: (open) => (open ? 'Fechar calendário' : 'Abrir calendário'),
  content: 'Calendário',
  prevTrigger: (view) => (view === 'day' ? 'Mês anterior' : view === 'month' ? 'Ano anterior' : 'Década anterior'),
  nextTrigger: (view) => (view === 'day' ? 'Próximo mês' : view === 'month' ? 'Próximo ano' : 'Próxima década'),
  dayCell: (state) => (state.unavailable ? `Indisponível: ${state.valueText}` : state.valueText),
  monthSelect: 'Mês',
  yearSelect: 'Ano',
  clearTrigger: 'Limpar data',
};

/**
 * Prev, the month shown and next. The month button's name starts with the month it shows (Ark's
 * would be only "switch view"), so what is seen is what is heard.
 */
function CalendarHeader() {
  const picker = useDatePickerContext();
  const { start, end } = picker.visibleRangeText;
  const shown = [...new Set([start, end])].filter(Boolean).join(' - ');
  const action = picker.view === 'day' ? 'escolher o mês' : picker.view === 'month' ? 'escolher o ano' : undefined;
  return (
    <DatePicker.ViewControl>
      <DatePicker.PrevTrigger />
      <DatePicker.ViewTrigger aria-label={action ? `${shown}: ${action}` : shown}>
        <DatePicker.RangeText />
      </DatePicker.ViewTrigger>
      <DatePicker.NextTrigger />
    </DatePicker.ViewControl>
  );
}

export type DateCalendarProps = {
  /** ISO "YYYY-MM-DD" for a complete day; anything else shows today's month. */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean | undefined;
};

/**
 * The calendar button and its popover. It arrives because the user asked for the calendar, so it
 * opens once mounted (a change of `open`, not an initial one, so Zag moves the focus into it as
 * on a click). The button is the control the calendar is placed under.
 */
export default function DateCalendar({ value, onValueChange, disabled }: DateCalendarProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <DatePicker.Root
      value={isIsoDate(value) ? [parseDate(value)] : []}
      onValueChange={({ value: picked }) => {
        // Choosing the selected day again would empty the selection; the typed text is the way to clear.
        if (picked[0]) onValueChange(picked[0].toString());
      }}
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      locale="pt-BR"
      timeZone="America/Sao_Paulo"
      startOfWeek={0}
      translations={TRANSLATIONS}
      disabled={disabled}
      // Fixed: the calendar escapes dialogs' scrolling bodies without a portal outside their focus trap.
      positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
    >
      <DatePicker.Control>
        <DatePicker.Trigger asChild>
          <IconButton variant="ghost" colorPalette="gray" size="sm" me="-2">
            <CalendarIcon />
          </IconButton>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content
          maxW="calc(100vw - 1rem)"
          // The other months' days are not selectable, and Chakra fades them to 0.4 opacity (2.0:1): muted text keeps 4.5:1.
          css={{ '& [data-part="table-cell-trigger"][data-outside-range]': { opacity: 1, color: 'fg.muted' } }}
        >
          <DatePicker.View view="day">
            <CalendarHeader />
            <DatePicker.DayTable aria-roledescription="calendário do mês" />
          </DatePicker.View>
          <DatePicker.View view="month">
            <CalendarHeader />
            <DatePicker.MonthTable aria-roledescription="calendário do ano" />
          </DatePicker.View>
          <DatePicker.View view="year">
            <CalendarHeader />
            <DatePicker.YearTable aria-roledescription="calendário da década" />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}
