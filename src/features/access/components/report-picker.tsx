import { Checkbox, Fieldset, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { memo, useCallback, type Dispatch, type SetStateAction } from 'react';
import { REPORT_ID_MAX, REPORT_ID_MIN } from '../../../domain/users.ts';
import { MarkAllButtons } from './mark-all-buttons.tsx';

/** Every id of the administrative report catalogue (spec §9: 1 to 51, some unused). */
export const REPORT_IDS: readonly number[] = Array.from({ length: REPORT_ID_MAX - REPORT_ID_MIN + 1 }, (_, i) => REPORT_ID_MIN + i);

/**
 * The catalogue's titles are not in the code yet (spec §2 only describes it), so reports are
 * named by number; when the catalogue lands, only this function changes.
 */
export function reportLabel(id: number): string {
  return `Relatório ${id}`;
}

export type ReportPickerProps = {
  value: readonly number[];
  /** A state setter, so successive clicks apply to the latest list. */
  onChange: Dispatch<SetStateAction<number[]>>;
  disabled?: boolean;
};

/** Which administrative reports the group may open (its relatorioAdm list, spec §6). */
export function ReportPicker({ value, onChange, disabled = false }: ReportPickerProps) {
  const chosen = new Set(value);
  const toggle = useCallback(
    (id: number, on: boolean) =>
      onChange((prev) => {
        const rest = prev.filter((r) => r !== id);
        return on ? [...rest, id].sort((a, b) => a - b) : rest;
      }),
    [onChange],
  );

  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        Relatórios administrativos liberados
      </Fieldset.Legend>
      <Fieldset.HelperText>
        Relatórios do painel administrativo que os usuários do grupo podem abrir (o administrador do sistema abre todos).
      </Fieldset.HelperText>
      <Fieldset.Content>
        <HStack gap="2" wrap="wrap">
          <MarkAllButtons
            what="os relatórios"
            marked={chosen.size}
            total={REPORT_IDS.length}
            disabled={disabled}
            onMarkAll={(on) => onChange(on ? [...REPORT_IDS] : [])}
          />
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {chosen.size === 1 ? '1 relatório selecionado' : `${chosen.size} relatórios selecionados`}
          </Text>
        </HStack>
        <SimpleGrid minChildWidth="7.5rem" gap="2">
          {REPORT_IDS.map((id) => (
            <ReportCheckbox key={id} id={id} checked={chosen.has(id)} disabled={disabled} onToggle={toggle} />
          ))}
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

type ReportCheckboxProps = { id: number; checked: boolean; disabled: boolean; onToggle: (id: number, on: boolean) => void };

const ReportCheckbox = memo(function ReportCheckbox({ id, checked, disabled, onToggle }: ReportCheckboxProps) {
  return (
    <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={(details) => onToggle(id, details.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{reportLabel(id)}</Checkbox.Label>
    </Checkbox.Root>
  );
});
