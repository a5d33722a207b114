import { DatePicker, HStack, Icon, IconButton, Input, InputGroup, parseDate, useDatePickerContext, type IconProps } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { maskDate } from '../domain/format.ts';
import {
  dateTextError,
  dateTextOf,
  dateTimeTextsOf,
  dateTimeValueOf,
  dateValueOf,
  isIsoDate,
  maskTime,
  timeTextError,
} from './date-logic.ts';
import { maskedChangeHandler } from './masked-input.tsx';
import { FieldFrame, useFieldDescription, type FieldChromeProps } from './text-field.tsx';

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

function CalendarIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M16 3v4M8 3v4M3 10h18" />
      </svg>
    </Icon>
  );
}

type DateInputProps = {
  /** ISO "YYYY-MM-DD" for a complete day; any other text is what was typed and is shown as it is. */
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  describedBy: string | undefined;
  disabled?: boolean | undefined;
  name?: string | undefined;
};

/**
 * The DD/MM/AAAA input with its calendar. The input is ours, not Ark's DatePicker.Input: Ark
 * rewrites its input with the formatted value, which would erase an impossible date the user
 * must see to correct. The calendar only reads and sets complete days.
 * Ark finds its inputs by data-part="input" inside the control, which the Field gives ours too:
 * it gets another part name, or Ark would empty it whenever the text stops being a whole date.
 */
function DateInput({ value, onValueChange, onBlur, describedBy, disabled, name }: DateInputProps) {
  const text = dateTextOf(value);
  return (
    <DatePicker.Root
      value={isIsoDate(value) ? [parseDate(value)] : []}
      onValueChange={({ value: picked }) => {
        // Choosing the selected day again would empty the selection; the typed text is the way to clear.
        if (picked[0]) onValueChange(picked[0].toString());
      }}
      locale="pt-BR"
      timeZone="America/Sao_Paulo"
      startOfWeek={0}
      translations={TRANSLATIONS}
      disabled={disabled}
      // Fixed: the calendar escapes dialogs' scrolling bodies without a portal outside their focus trap.
      positioning={{ placement: 'bottom-start', strategy: 'fixed' }}
      // Issue 32: the calendar's three tables (about 70 cells, each a styled button) are built when
      // it opens, not with every date field of a form: they were a fifth of the report form's start.
      lazyMount
      unmountOnExit
      width="full"
    >
      <DatePicker.Control>
        <InputGroup
          endElement={
            <DatePicker.Trigger asChild>
              <IconButton variant="ghost" colorPalette="gray" size="sm" me="-2">
                <CalendarIcon />
              </IconButton>
            </DatePicker.Trigger>
          }
        >
          <Input
            name={name}
            value={text}
            onChange={maskedChangeHandler(maskDate, text, (masked) => onValueChange(dateValueOf(masked)))}
            onBlur={onBlur}
            aria-describedby={describedBy}
            data-part="date-text"
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            autoComplete="off"
            disabled={disabled}
          />
        </InputGroup>
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

type TimeInputProps = {
  /** "HH:mm" when complete; otherwise the text typed. */
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  describedBy: string | undefined;
  disabled?: boolean | undefined;
  ariaLabel?: string | undefined;
};

function TimeInput({ value, onValueChange, onBlur, describedBy, disabled, ariaLabel }: TimeInputProps) {
  // Beside a date, the field's id belongs to the date input; this one needs its own.
  const id = useId();
  return (
    <Input
      id={ariaLabel ? id : undefined}
      value={value}
      onChange={maskedChangeHandler(maskTime, value, onValueChange)}
      onBlur={onBlur}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      placeholder="HH:MM"
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
    />
  );
}

/** Remembers that the user left the field, after which incomplete text counts as an error. */
function useLeft(): [boolean, () => void] {
  const [left, setLeft] = useState(false);
  return [left, () => setLeft(true)];
}

export type DateFieldProps = FieldChromeProps & {
  /**
   * "YYYY-MM-DD" or "" when empty, as the forms and schemas take it. While the text typed is
   * incomplete or impossible, the field hands back that text, which every date schema refuses.
   */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  name?: string;
};

/**
 * Spec §1: dates are DD/MM/YYYY. Typed with a mask (10032025 becomes 10/03/2025) or chosen on a
 * calendar in pt-BR; an impossible date keeps its text and says "Data inválida".
 */
export function DateField({ label, error, helperText, required, value, onValueChange, disabled, name }: DateFieldProps) {
  const [left, leave] = useLeft();
  // The field's own reading of its text comes first: a schema's message cannot know the text.
  // A form that refused the value counts as leaving: an incomplete date is then the reason.
  const shownError = dateTextError(dateTextOf(value), left || Boolean(error)) ?? error;
  const { ids, describedBy } = useFieldDescription({ error: shownError, helperText });
  return (
    <FieldFrame label={label} error={shownError} helperText={helperText} required={required} ids={ids}>
      <DateInput value={value} onValueChange={onValueChange} onBlur={leave} describedBy={describedBy} disabled={disabled} name={name} />
    </FieldFrame>
  );
}

export type TimeFieldProps = FieldChromeProps & {
  /** "HH:mm" (24 h), or the text typed while incomplete; "" when empty. */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
};

/** A time of day typed as HH:MM with a mask (1430 becomes 14:30), the same in every browser locale. */
export function TimeField({ label, error, helperText, required, value, onValueChange, disabled }: TimeFieldProps) {
  const [left, leave] = useLeft();
  const shownError = timeTextError(value, left || Boolean(error)) ?? error;
  const { ids, describedBy } = useFieldDescription({ error: shownError, helperText });
  return (
    <FieldFrame label={label} error={shownError} helperText={helperText} required={required} ids={ids}>
      <TimeInput value={value} onValueChange={onValueChange} onBlur={leave} describedBy={describedBy} disabled={disabled} />
    </FieldFrame>
  );
}

export type DateTimeFieldProps = FieldChromeProps & {
  /**
   * São Paulo wall clock "YYYY-MM-DDTHH:mm", or "" when empty. While either part is incomplete,
   * the two texts joined by a space, which the wall-clock schemas refuse.
   */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  /** The time input's name; "Hora de início" for a field labelled "Início". */
  timeLabel?: string;
};

/**
 * A date (DateField's input and calendar) and a time (HH:MM) side by side under one label, for
 * what used to be datetime-local inputs. The label names the date; the time input has its own.
 */
export function DateTimeField({ label, error, helperText, required, value, onValueChange, disabled, timeLabel }: DateTimeFieldProps) {
  const [dateLeft, leaveDate] = useLeft();
  const [timeLeft, leaveTime] = useLeft();
  const texts = dateTimeTextsOf(value);
  const refused = Boolean(error);
  const shownError = dateTextError(texts.date, dateLeft || refused) ?? timeTextError(texts.time, timeLeft || refused) ?? error;
  const { ids, describedBy } = useFieldDescription({ error: shownError, helperText });
  return (
    <FieldFrame label={label} error={shownError} helperText={helperText} required={required} ids={ids}>
      <HStack gap="2" align="start" width="full">
        <DateInput
          value={dateValueOf(texts.date)}
          onValueChange={(date) => onValueChange(dateTimeValueOf(dateTextOf(date), texts.time))}
          onBlur={leaveDate}
          describedBy={describedBy}
          disabled={disabled}
        />
        <TimeSlot>
          <TimeInput
            value={texts.time}
            onValueChange={(time) => onValueChange(dateTimeValueOf(texts.date, time))}
            onBlur={leaveTime}
            describedBy={describedBy}
            disabled={disabled}
            ariaLabel={timeLabel ?? `Hora de ${label.toLowerCase()}`}
          />
        </TimeSlot>
      </HStack>
    </FieldFrame>
  );
}

/** Wide enough for "00:00" and its padding; the date takes the rest of the row. */
function TimeSlot({ children }: { children: ReactNode }) {
  return (
    <HStack flex="0 0 6rem" minW="0">
      {children}
    </HStack>
  );
}
