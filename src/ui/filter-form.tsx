import { Button, HStack } from '@chakra-ui/react';
import { DATE_INVALID, isIsoDate } from './date-logic.ts';
import { DateField } from './date-field.tsx';

export const PERIOD_END_BEFORE_START = 'O fim do período não pode ser anterior ao início.';

export type PeriodErrors = { inicio?: string; fim?: string };

/**
 * The checks of a list's "from … to …" filter before it is applied: a date field hands back its
 * text until it holds a whole date, so an unreadable one is refused here, not by the server; the
 * end may not come before the start. Null when the period may be applied.
 */
export function periodFilterErrors(inicio: string, fim: string): PeriodErrors | null {
  const unreadable = (value: string) => (value && !isIsoDate(value) ? DATE_INVALID : undefined);
  const errors: PeriodErrors = { inicio: unreadable(inicio), fim: unreadable(fim) };
  if (!errors.inicio && !errors.fim && inicio && fim && fim < inicio) errors.fim = PERIOD_END_BEFORE_START;
  return errors.inicio || errors.fim ? errors : null;
}

/** Pesquisar (the form's submit) and Limpar filtros, under every filter form of a list. */
export function FilterActions({ loading, onClear }: { loading: boolean; onClear: () => void }) {
  return (
    <HStack gap="3" wrap="wrap">
      <Button type="submit" loading={loading}>
        Pesquisar
      </Button>
      <Button variant="outline" onClick={onClear}>
        Limpar filtros
      </Button>
    </HStack>
  );
}

/** The "from … to …" date pair of a filter form, each showing its periodFilterErrors message. */
export function PeriodFields({
  labels,
  inicio,
  fim,
  errors,
  onChange,
}: {
  labels: readonly [from: string, to: string];
  inicio: string;
  fim: string;
  errors: PeriodErrors;
  onChange: (patch: { inicio: string } | { fim: string }) => void;
}) {
  return (
    <>
      <DateField label={labels[0]} value={inicio} error={errors.inicio} onValueChange={(value) => onChange({ inicio: value })} />
      <DateField label={labels[1]} value={fim} error={errors.fim} onValueChange={(value) => onChange({ fim: value })} />
    </>
  );
}
