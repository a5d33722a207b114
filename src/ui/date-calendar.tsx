import { datePickerSlotRecipe } from '@chakra-theme/recipes/date-picker';
import { lateRecipes } from './late-recipes.ts';
import { DatePicker, InputGroup, parseDate, useDatePickerContext, type InputGroupProps } from '@chakra-ui/react';
import { useEffect, type ReactElement } from 'react';
import { isIsoDate } from './date-logic.ts';

// This module's Chakra component brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { datePicker: datePickerSlotRecipe } });

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

/**
 * Opens the calendar once, as it mounts: the field swaps its plain input for this one when the
 * calendar button was pressed, so the press that loaded the calendar also opens it. Through Ark's
 * open event, so the focus moves to the day as on any later opening.
 */
function OpenOnMount() {
  const picker = useDatePickerContext();
  useEffect(() => {
    picker.setOpen(true);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export type DateCalendarProps = {
  /** ISO "YYYY-MM-DD" for a complete day; any other text is what was typed, and shows no day. */
  value: string;
  /** A day picked on the calendar, as "YYYY-MM-DD". */
  onPick: (value: string) => void;
  disabled?: boolean | undefined;
  /** The field's own text input (date-field.tsx), kept as it is: the calendar only reads and sets days. */
  input: InputGroupProps['children'];
  /** The calendar button; Ark gives it its name, state and handlers. */
  trigger: ReactElement;
};

/**
 * The calendar of a date field (issue 32: Zag's date picker and @internationalized/date are about
 * a tenth of the report form's scripts, so they are downloaded when a calendar is first opened,
 * not with every form that has a date). Rendered by date-field.tsx in place of its plain input
 * once the user asks for a calendar, and already open.
 * The input is ours, not Ark's DatePicker.Input: Ark rewrites its input with the formatted value,
 * which would erase an impossible date the user must see to correct. Ark finds its inputs by
 * data-part="input" inside the control, which the Field gives ours too: it gets another part name,
 * or Ark would empty it whenever the text stops being a whole date.
 */
export function DateCalendar({ value, onPick, disabled, input, trigger }: DateCalendarProps) {
  return (
    <DatePicker.Root
      value={isIsoDate(value) ? [parseDate(value)] : []}
      onValueChange={({ value: picked }) => {
        // Choosing the selected day again would empty the selection; the typed text is the way to clear.
        if (picked[0]) onPick(picked[0].toString());
      }}
      locale="pt-BR"
      timeZone="America/Sao_Paulo"
      startOfWeek={0}
      translations={TRANSLATIONS}
      disabled={disabled}
      // Fixed: the calendar escapes dialogs' scrolling bodies without a portal outside their focus trap.
      positioning={{ placement: 'bottom-start', strategy: 'fixed' }}
      // The calendar's three tables (about 70 cells, each a styled button) are built when it opens.
      lazyMount
      unmountOnExit
      width="full"
    >
      <OpenOnMount />
      <DatePicker.Control>
        <InputGroup endElement={<DatePicker.Trigger asChild>{trigger}</DatePicker.Trigger>}>{input}</InputGroup>
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
