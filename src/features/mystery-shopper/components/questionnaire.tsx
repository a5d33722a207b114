import { Fieldset, Stack, Text } from '@chakra-ui/react';
import { criteriaByDimension, type Answers, type Criterion } from '../../../domain/mystery-shopper.ts';
import { SelectField } from '../../../ui/select-field.tsx';

const YES_NO = [
  { value: '1', label: 'Sim' },
  { value: '0', label: 'Não' },
];

const optionsOf = (c: Criterion) =>
  c.tipo === 'sim-nao' ? YES_NO : Array.from({ length: c.max + 1 }, (_, i) => ({ value: String(i), label: String(i) }));

/** The answer as the screen shows it read-only. */
export function answerText(c: Criterion, value: number | undefined): string {
  if (value === undefined) return 'Não respondido';
  return c.tipo === 'sim-nao' ? (value === 1 ? 'Sim' : 'Não') : `${value} de ${c.max}`;
}

const helperOf = (c: Criterion) => [c.escala, `Peso ${c.peso}`].filter(Boolean).join(' · ');

/**
 * The questionnaire, one fieldset per dimension: each criterion a short native choice (Sim/Não, or
 * 0 to N), which phones and keyboards handle best. Read-only, it lists the answers.
 */
export function Questionnaire({
  answers,
  onChange,
  readOnly = false,
}: {
  answers: Answers;
  onChange?: (id: string, value: number | undefined) => void;
  readOnly?: boolean;
}) {
  return (
    <Stack gap="5">
      {criteriaByDimension().map((group) => (
        <Fieldset.Root key={group.dimensao}>
          <Fieldset.Legend fontSize="md" fontWeight="semibold">
            {group.dimensao}
          </Fieldset.Legend>
          <Stack gap="4">
            {group.criterios.map((c) =>
              readOnly ? (
                <Stack key={c.id} gap="0">
                  <Text fontWeight="medium">{c.texto}</Text>
                  <Text>{answerText(c, answers[c.id])}</Text>
                  <Text color="fg.muted" textStyle="sm">
                    {helperOf(c)}
                  </Text>
                </Stack>
              ) : (
                <SelectField
                  key={c.id}
                  label={c.texto}
                  name={c.id}
                  options={optionsOf(c)}
                  placeholder="Não respondido"
                  value={answers[c.id] === undefined ? '' : String(answers[c.id])}
                  onValueChange={(v) => onChange?.(c.id, v === '' ? undefined : Number(v))}
                  helperText={helperOf(c)}
                />
              ),
            )}
          </Stack>
        </Fieldset.Root>
      ))}
    </Stack>
  );
}
