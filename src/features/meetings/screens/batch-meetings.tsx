import { Button, Checkbox, CloseButton, Fieldset, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type SubmitEvent } from 'react';
import { formatDate } from '../../../domain/format.ts';
import { batchRefusal } from '../../../domain/batch-events.ts';
import { datesBetween, MEETING_MESSAGES, meetingNeedsTask } from '../../../domain/meetings.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCity } from '../../../session/city.ts';
import { useSession } from '../../../session/store.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { focusFirstInvalid } from '../../../ui/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { DateField, TimeField } from '../../../ui/date-field.tsx';
import { isIsoDate } from '../../../ui/date-logic.ts';
import { sameValue, useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { MeetingFields } from '../components/meeting-fields.tsx';
import { meetings } from '../data.ts';
import {
  BATCH_CHUNK,
  batchPeriods,
  checkMeetingValues,
  chunk,
  emptyMeetingValues,
  meetingErrorsFromIssues,
  type MeetingFormErrors,
  type MeetingFormValues,
} from '../form-logic.ts';

const WEEKDAYS = [
  { day: 1, label: 'Segunda' },
  { day: 2, label: 'Terça' },
  { day: 3, label: 'Quarta' },
  { day: 4, label: 'Quinta' },
  { day: 5, label: 'Sexta' },
  { day: 6, label: 'Sábado' },
  { day: 0, label: 'Domingo' },
];

/**
 * /cidade/:id/evento-em-lote (spec §2: state SC1, admin or specialist consultant): many meetings
 * at once, the same group, tasks and guests on several dates. The server applies the same rule.
 */
export function BatchMeetingsScreen() {
  const { municipality } = useCity();
  const session = useSession();
  const { uf } = currentVariant();
  // The state is told first: in another state nobody schedules in batches, admins included.
  const refusal = session.user
    ? batchRefusal({ usuario: session.user, config: session.config, municipioId: municipality.municipioId }, uf)
    : MEETING_MESSAGES.loteSemPermissao;
  if (refusal) return <NoPermission message={refusal} />;
  return <BatchMeetingsForm municipioId={municipality.municipioId} municipioNome={municipality.nome} uf={uf} />;
}

type Progress = { done: number; total: number };

function BatchMeetingsForm({ municipioId, municipioNome, uf }: { municipioId: number; municipioNome: string; uf: string }) {
  const session = useSession();
  const words = currentVocabulary();
  const online = useOnline();
  const choices = meetings.useChoices(municipioId);
  const formId = useId();
  const [initial] = useState(() => ({ ...emptyMeetingValues(new Date()), inicioString: '', fimString: '' }));
  const [values, setValues] = useState<MeetingFormValues>(initial);
  const [startTime, setStartTime] = useState('09:00');
  const [endTime, setEndTime] = useState('11:00');
  const [dates, setDates] = useState<string[]>([]);
  const [oneDate, setOneDate] = useState('');
  const [repeat, setRepeat] = useState({ from: '', to: '', weekdays: new Set<number>([1]) });
  const [errors, setErrors] = useState<MeetingFormErrors & { datas?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [formEl, setFormEl] = useState<HTMLFormElement | null>(null);
  useUnsavedChanges(!sameValue(values, initial) || dates.length > 0);

  const needsTask = session.user !== null && meetingNeedsTask({ usuario: session.user, config: session.config });
  const noun = words.meeting;
  const sending = progress !== null && progress.done < progress.total;
  const sortedDates = [...new Set(dates)].sort();

  function addDates(list: readonly string[]) {
    setDates((current) => [...new Set([...current, ...list])].sort());
    setErrors(({ datas: _, ...rest }) => rest);
  }

  function check() {
    const periods = batchPeriods(sortedDates, startTime, endTime);
    const first = periods[0] ?? { inicioString: `2000-01-01T${startTime}`, fimString: `2000-01-01T${endTime}` };
    const result = checkMeetingValues({ ...values, ...first }, municipioId, { needsTask, task: words.task });
    const found: MeetingFormErrors & { datas?: string } = result.ok ? {} : result.errors;
    if (periods.length === 0) found.datas = MEETING_MESSAGES.datasObrigatorias;
    return { ok: Object.keys(found).length === 0 && result.ok, periods, errors: found, input: result.ok ? result.input : null };
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = check();
    setErrors(checked.errors);
    if (!checked.ok || !checked.input) {
      focusFirstInvalid(formEl);
      return;
    }
    const { inicioString: _i, fimString: _f, ...content } = checked.input;
    setServerError(null);
    const parts = chunk(checked.periods, BATCH_CHUNK);
    let done = 0;
    setProgress({ done, total: checked.periods.length });
    for (const datas of parts) {
      const sentPart = await meetings.createBatch({ ...content, uf, datas }, { inline: true });
      if (!sentPart.ok) {
        setProgress(null);
        if (sentPart.reason === 'session') return;
        if (sentPart.reason === 'invalid') setErrors(meetingErrorsFromIssues(sentPart.issues));
        // What was created stays created; the dates still listed are the ones left to send.
        setServerError(`${sentPart.message}${done > 0 ? ` ${done} de ${checked.periods.length} já foram criados.` : ''}`);
        return;
      }
      done += datas.length;
      const sent = new Set(datas.map((d) => d.inicioString.slice(0, 10)));
      setDates((current) => current.filter((d) => !sent.has(d)));
      setProgress({ done, total: checked.periods.length });
    }
    notifySuccess(
      `${done} ${done === 1 ? noun.singular.toLowerCase() : noun.plural.toLowerCase()} criad${noun.gender === 'f' ? 'a' : 'o'}${done === 1 ? '' : 's'} com sucesso`,
    );
  }

  return (
    <Stack gap="5">
      <title>{`${words.cityTabs.eventoEmLote} · ${municipioNome} · Cidade Empreendedora`}</title>
      <Heading as="h2" size="xl">
        {words.cityTabs.eventoEmLote}
      </Heading>
      <Text color="fg.muted">
        {`Crie de uma vez ${noun.gender === 'f' ? 'várias' : 'vários'} ${noun.plural.toLowerCase()} com o mesmo grupo, ${words.task.plural.toLowerCase()} e convidados, ${noun.gender === 'f' ? 'uma' : 'um'} em cada data escolhida.`}
      </Text>
      <form id={formId} ref={setFormEl} noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
          <MeetingFields
            values={values}
            errors={errors}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
            choices={choices}
            words={words}
            withTimes={false}
            needsTask={needsTask}
            disabled={sending}
          />

          <Fieldset.Root disabled={sending} invalid={Boolean(errors.datas)}>
            <Fieldset.Legend>Datas e horário</Fieldset.Legend>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="md">
                <TimeField label="Horário de início" required value={startTime} onValueChange={setStartTime} error={errors.inicioString} />
                <TimeField label="Horário de fim" required value={endTime} onValueChange={setEndTime} error={errors.fimString} />
              </SimpleGrid>

              <HStack gap="3" align="end" wrap="wrap">
                <DateField label="Data" value={oneDate} onValueChange={setOneDate} />
                <Button
                  variant="outline"
                  disabled={!isIsoDate(oneDate)}
                  onClick={() => {
                    addDates([oneDate]);
                    setOneDate('');
                  }}
                >
                  Adicionar data
                </Button>
              </HStack>

              <Fieldset.Root>
                <Fieldset.Legend textStyle="sm">Repetir toda semana</Fieldset.Legend>
                <Stack gap="3">
                  <HStack gap="3" align="end" wrap="wrap">
                    <DateField label="De" value={repeat.from} onValueChange={(from) => setRepeat((r) => ({ ...r, from }))} />
                    <DateField label="Até" value={repeat.to} onValueChange={(to) => setRepeat((r) => ({ ...r, to }))} />
                  </HStack>
                  <HStack gap="4" wrap="wrap">
                    {WEEKDAYS.map((w) => (
                      <Checkbox.Root
                        key={w.day}
                        size="sm"
                        checked={repeat.weekdays.has(w.day)}
                        onCheckedChange={(details) =>
                          setRepeat((r) => {
                            const weekdays = new Set(r.weekdays);
                            if (details.checked === true) weekdays.add(w.day);
                            else weekdays.delete(w.day);
                            return { ...r, weekdays };
                          })
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{w.label}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </HStack>
                  <Button
                    variant="outline"
                    alignSelf="start"
                    disabled={!isIsoDate(repeat.from) || !isIsoDate(repeat.to) || repeat.weekdays.size === 0}
                    onClick={() => addDates(datesBetween(repeat.from, repeat.to, repeat.weekdays))}
                  >
                    Adicionar datas do período
                  </Button>
                </Stack>
              </Fieldset.Root>

              <Stack gap="2">
                <Text fontWeight="medium" id={`${formId}-datas`}>
                  {sortedDates.length === 0
                    ? 'Nenhuma data escolhida.'
                    : `${sortedDates.length} ${sortedDates.length === 1 ? 'data escolhida' : 'datas escolhidas'}`}
                </Text>
                {sortedDates.length > 0 && (
                  <HStack as="ul" aria-labelledby={`${formId}-datas`} listStyleType="none" gap="2" wrap="wrap">
                    {sortedDates.map((d) => (
                      <HStack as="li" key={d} gap="1" borderWidth="1px" rounded="md" ps="2" pe="1" py="0.5">
                        <Text textStyle="sm">{formatDate(d)}</Text>
                        <CloseButton
                          size="2xs"
                          aria-label={`Remover ${formatDate(d)}`}
                          onClick={() => setDates((c) => c.filter((x) => x !== d))}
                        />
                      </HStack>
                    ))}
                  </HStack>
                )}
                {errors.datas && <Fieldset.ErrorText role="alert">{errors.datas}</Fieldset.ErrorText>}
              </Stack>
            </Stack>
          </Fieldset.Root>

          {progress && (
            <ProgressBar
              label={`Criando ${noun.plural.toLowerCase()}`}
              value={progress.done}
              max={progress.total}
              valueText={`${progress.done} de ${progress.total}`}
            />
          )}

          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={sending} loadingText="Criando…" disabled={!online}>
              {`Criar ${sortedDates.length} ${sortedDates.length === 1 ? noun.singular.toLowerCase() : noun.plural.toLowerCase()}`}
            </Button>
            {!online && (
              <Text role="status" textStyle="sm" color="fg.warning">
                Criar em lote exige conexão com a internet.
              </Text>
            )}
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
