import { Box, Button, Checkbox, Fieldset, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { MEETING_TYPES, type MeetingType } from '../../../domain/meetings.ts';
import { compareText } from '../../../domain/text.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { DateTimeField } from '../../../ui/date-field.tsx';
import { GroupCombo, MemberCombo } from '../../../ui/entity-combos.tsx';
import { FieldFrame, TextField, useFieldDescription } from '../../../ui/text-field.tsx';
import { offeredTasks, withGroupMembers, type MeetingFormErrors, type MeetingFormValues } from '../form-logic.ts';

export type MeetingChoices = {
  groups: ReadonlyArray<{ grupoId: number; nome: string }>;
  members: ReadonlyArray<{ membroId: number; nome: string; membroGrupos: ReadonlyArray<{ grupoId: number }> }>;
  solutions: ReadonlyArray<{ municipioSolucaoId: number; nome: string; desabilitado: boolean }>;
  tasks: ReadonlyArray<{ municipioTarefaId: number; municipioSolucaoId: number; nome: string; horas: number; desabilitado: boolean }>;
  loading: boolean;
};

type Props = {
  values: MeetingFormValues;
  errors: MeetingFormErrors;
  onChange: <F extends keyof MeetingFormValues>(field: F, value: MeetingFormValues[F]) => void;
  choices: MeetingChoices;
  words: Pick<Vocabulary, 'solution' | 'task' | 'empty'>;
  /** The batch screen takes its times per date, so it leaves them out here. */
  withTimes: boolean;
  needsTask: boolean;
  disabled?: boolean;
};

export function MeetingTypeField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: MeetingType;
  onChange: (value: MeetingType) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { ids, describedBy } = useFieldDescription({ error });
  return (
    <FieldFrame label="Tipo" required error={error} ids={ids}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          name="encontroType"
          value={value}
          onChange={(event) => onChange(event.target.value as MeetingType)}
          aria-describedby={describedBy}
        >
          {MEETING_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nome}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

type PeriodField = 'inicioString' | 'fimString';

const PERIOD_FIELDS: ReadonlyArray<{ field: PeriodField; label: string }> = [
  { field: 'inicioString', label: 'Início' },
  { field: 'fimString', label: 'Fim' },
];

/** Início and Fim, as São Paulo wall-clock times: of a meeting and of a programme calendar event. */
export function PeriodFields({
  values,
  errors,
  onChange,
  disabled,
}: {
  values: Record<PeriodField, string>;
  errors: Partial<Record<PeriodField, string>>;
  onChange: (field: PeriodField, value: string) => void;
  disabled?: boolean;
}) {
  return PERIOD_FIELDS.map(({ field, label }) => (
    <DateTimeField
      key={field}
      label={label}
      required
      value={values[field]}
      error={errors[field]}
      onValueChange={(v) => onChange(field, v)}
      disabled={disabled}
    />
  ));
}

/** Where a meeting or an event takes place. */
export function LocationField({
  value,
  error,
  onChange,
  disabled,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return <TextField label="Local (opcional)" maxLength={200} value={value} error={error} onValueChange={onChange} disabled={disabled} />;
}

/**
 * What a meeting is about and who comes (spec §2 "Meeting dialog": group, start and end, type,
 * solutions and tasks of the event, guests). Shared by the calendar dialog and the batch screen.
 */
export function MeetingFields({ values, errors, onChange, choices, words, withTimes, needsTask, disabled }: Props) {
  const groupOptions = useMemo(() => choices.groups.map((g) => ({ value: g.grupoId, label: g.nome })), [choices.groups]);
  const memberName = useMemo(() => new Map(choices.members.map((m) => [m.membroId, m.nome])), [choices.members]);
  const memberOptions = useMemo(() => choices.members.map((m) => ({ value: m.membroId, label: m.nome })), [choices.members]);
  const solutionOptions = useMemo(
    () =>
      choices.solutions
        .filter((s) => !s.desabilitado || values.solucaoIds.includes(s.municipioSolucaoId))
        .map((s) => ({ value: s.municipioSolucaoId, label: s.nome })),
    [choices.solutions, values.solucaoIds],
  );
  const taskOptions = useMemo(
    () =>
      offeredTasks(choices.tasks, values.solucaoIds, values.tarefaIds).map((t) => ({
        value: t.municipioTarefaId,
        label: `${t.nome} (${t.horas} h)`,
      })),
    [choices.tasks, values.solucaoIds, values.tarefaIds],
  );
  const guests = [...values.convidados].sort((a, b) => compareText(memberName.get(a.membroId) ?? '', memberName.get(b.membroId) ?? ''));
  const groupMembersLeft =
    values.grupoId !== null && withGroupMembers(values.convidados, choices.members, values.grupoId).length > values.convidados.length;

  const solutionsLabel = `${words.solution.plural} do evento`;
  const tasksLabel = `${words.task.plural} do evento`;

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <GroupCombo
          value={values.grupoId}
          onValueChange={(grupoId) => onChange('grupoId', grupoId)}
          options={groupOptions}
          required
          error={errors.grupoId}
          loading={choices.loading}
          disabled={disabled}
        />
        <MeetingTypeField
          value={values.encontroType}
          onChange={(v) => onChange('encontroType', v)}
          error={errors.encontroType}
          disabled={disabled}
        />
        {withTimes && <PeriodFields values={values} errors={errors} onChange={onChange} disabled={disabled} />}
        <TextField
          label="Título (opcional)"
          maxLength={200}
          value={values.titulo}
          error={errors.titulo}
          onValueChange={(v) => onChange('titulo', v)}
          disabled={disabled}
        />
        <LocationField value={values.local} error={errors.local} onChange={(v) => onChange('local', v)} disabled={disabled} />
      </SimpleGrid>

      <Combo
        multiple
        label={solutionsLabel}
        options={solutionOptions}
        value={values.solucaoIds}
        onValueChange={(ids) => onChange('solucaoIds', ids)}
        emptyText={words.empty.solutions}
        maxChips={1}
        loading={choices.loading}
        error={errors.solucaoIds}
        disabled={disabled}
        helperText={`Ao escolher ${words.solution.plural.toLowerCase()}, a lista de ${words.task.plural.toLowerCase()} mostra só as delas.`}
      />
      <Combo
        multiple
        label={tasksLabel}
        options={taskOptions}
        value={values.tarefaIds}
        onValueChange={(ids) => onChange('tarefaIds', ids)}
        emptyText={words.empty.tasks}
        maxChips={1}
        loading={choices.loading}
        required={needsTask}
        error={errors.tarefaIds}
        disabled={disabled}
      />

      <Fieldset.Root disabled={disabled}>
        <Fieldset.Legend>Convidados</Fieldset.Legend>
        <Stack gap="3">
          <HStack gap="3" align="end" wrap="wrap">
            <Box flex="1" minW="14rem">
              <MemberCombo<number>
                multiple
                label="Membros convidados"
                options={memberOptions}
                value={values.convidados.map((g) => g.membroId)}
                onValueChange={(ids) =>
                  onChange(
                    'convidados',
                    ids.map((membroId) => values.convidados.find((g) => g.membroId === membroId) ?? { membroId, confirmado: false }),
                  )
                }
                loading={choices.loading}
                error={errors.convidados}
                disabled={disabled}
              />
            </Box>
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || !groupMembersLeft}
              onClick={() =>
                values.grupoId !== null && onChange('convidados', withGroupMembers(values.convidados, choices.members, values.grupoId))
              }
            >
              Convidar membros do grupo
            </Button>
          </HStack>
          {guests.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              Nenhum convidado.
            </Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" aria-label="Convidados escolhidos">
              {guests.map((g) => {
                const nome = memberName.get(g.membroId) ?? `Membro ${g.membroId}`;
                return (
                  <HStack as="li" key={g.membroId} justify="space-between" gap="3" borderBottomWidth="1px" py="1" wrap="wrap">
                    <Text textStyle="sm">{nome}</Text>
                    <Checkbox.Root
                      size="sm"
                      checked={g.confirmado}
                      disabled={disabled}
                      onCheckedChange={(details) =>
                        onChange(
                          'convidados',
                          values.convidados.map((x) => (x.membroId === g.membroId ? { ...x, confirmado: details.checked === true } : x)),
                        )
                      }
                    >
                      <Checkbox.HiddenInput aria-label={`Presença de ${nome} confirmada`} />
                      <Checkbox.Control />
                      <Checkbox.Label>Confirmado</Checkbox.Label>
                    </Checkbox.Root>
                  </HStack>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Fieldset.Root>
    </Stack>
  );
}
