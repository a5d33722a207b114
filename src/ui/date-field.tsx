import { HStack, Icon, IconButton, Input, InputGroup, Stack, Text, type IconButtonProps, type IconProps } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { maskDate } from '../domain/format.ts';
import { dateTextError, dateTextOf, dateTimeTextsOf, dateTimeValueOf, dateValueOf, maskTime, timeTextError } from './date-logic.ts';
import { maskedChangeHandler } from './masked-input.tsx';
import { onDemand, useOnDemand } from './on-demand.ts';
import { FieldFrame, useFieldDescription, type FieldChromeProps } from './text-field.tsx';

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

/** Zag's date picker and @internationalized/date: one download for every date field that asks. */
const loadCalendar = onDemand(() => import('./date-calendar.tsx'));

/**
 * The DD/MM/AAAA input with its calendar button. Until the button is first pressed the field is a
 * plain masked input (issue 32: no date picker is downloaded or built with the form); the press
 * downloads the calendar (date-calendar.tsx), which takes the field's place already open, and the
 * field keeps it from then on. Hovering or focusing the button starts the download early.
 */
function DateInput({ value, onValueChange, onBlur, describedBy, disabled, name }: DateInputProps) {
  const calendar = useOnDemand(loadCalendar);
  const text = dateTextOf(value);
  const input = (
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
  );
  const button = (extra: Partial<IconButtonProps>) => (
    <IconButton variant="ghost" colorPalette="gray" size="sm" me="-2" disabled={disabled} {...extra}>
      <CalendarIcon />
    </IconButton>
  );
  if (calendar.module) {
    const { DateCalendar } = calendar.module;
    return <DateCalendar value={value} onPick={onValueChange} disabled={disabled} input={input} trigger={button({})} />;
  }
  return (
    <Stack gap="1.5" width="full">
      <InputGroup
        endElement={button({
          'aria-label': 'Abrir calendário',
          'aria-haspopup': 'grid',
          'aria-expanded': false,
          loading: calendar.loading,
          onClick: calendar.request,
          onPointerEnter: calendar.warm,
          onFocus: calendar.warm,
        })}
      >
        {input}
      </InputGroup>
      {calendar.failed ? (
        <Text role="alert" textStyle="sm" color="fg.error">
          Não foi possível abrir o calendário. Digite a data (DD/MM/AAAA).
        </Text>
      ) : null}
    </Stack>
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
