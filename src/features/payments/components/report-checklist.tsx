import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { formatDate } from '../../../domain/format.ts';
import { toggled } from '../form-logic.ts';
import { formatHours } from './payment-table.tsx';

export type ChecklistItem = { id: number; titulo: string; criacao: string; detail?: string; horas: number };

export type ReportChecklistProps = {
  legend: string;
  items: readonly ChecklistItem[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
  loading?: boolean;
  error?: string | undefined;
};

/**
 * A checkable list of reports to bill, each with its date and hours (spec §5: the hours are summed
 * as the choice changes). An error marks the first box invalid, so the form's focus goes to it.
 */
export function ReportChecklist({ legend, items, chosen, onChange, emptyText, loading = false, error }: ReportChecklistProps) {
  const errorId = useId();
  const selected = new Set(chosen);
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content>
        {loading ? (
          <Text color="fg.muted">Carregando…</Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted">{emptyText}</Text>
        ) : (
          <Stack gap="2">
            {items.map((item, index) => (
              <Checkbox.Root
                key={item.id}
                checked={selected.has(item.id)}
                invalid={Boolean(error)}
                alignItems="flex-start"
                onCheckedChange={(details) => onChange(toggled(chosen, item.id, details.checked === true))}
              >
                <Checkbox.HiddenInput aria-describedby={error && index === 0 ? errorId : undefined} />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal" overflowWrap="anywhere">
                  {item.titulo}{' '}
                  <Text as="span" color="fg.muted">
                    ({[formatDate(item.criacao), item.detail, formatHours(item.horas)].filter(Boolean).join(' · ')})
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Fieldset.Content>
      {error && (
        <Fieldset.ErrorText id={errorId} color="fg.error">
          {error}
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
