import { Button, Checkbox, CloseButton, Dialog, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { apiErrorBody, isSessionExpiredError } from '../../../api/client.ts';
import { calendarEventInputSchema, toWallClock, type CalendarEvent, type CalendarEventFormInput } from '../../../domain/meetings.ts';
import { fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../ui/form.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { FieldFrame, TextField, useFieldDescription } from '../../../ui/text-field.tsx';
import { sameValue, useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { createCalendarEvent, updateCalendarEvent } from '../data.ts';

const DESCRIPTION_MAX = 2000;

type Values = { titulo: string; descricao: string; local: string; inicioString: string; fimString: string; diaInteiro: boolean };

type Props = {
  open: boolean;
  onClose: () => void;
  /** The event to edit; null to register one. */
  event: CalendarEvent | null;
  onSaved: () => void;
};

/** Cadastrar / Editar evento of the admins' programme calendar (/eventos). */
export function EventDialog({ open, onClose, event, onSaved }: Props) {
  const titleRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      initialFocusEl={() => titleRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(600px, calc(100vw - 2rem))" mx="4">
            <EventForm key={event?.eventoId ?? 'novo'} event={event} onClose={onClose} onSaved={onSaved} titleRef={titleRef} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function initialValues(event: CalendarEvent | null): Values {
  if (event) {
    return {
      titulo: event.titulo,
      descricao: event.descricao,
      local: event.local ?? '',
      inicioString: event.inicioString,
      fimString: event.fimString,
      diaInteiro: event.diaInteiro,
    };
  }
  const start = new Date();
  start.setMinutes(0, 0, 0);
  const inicio = new Date(start.getTime() + 3_600_000);
  return {
    titulo: '',
    descricao: '',
    local: '',
    inicioString: toWallClock(inicio),
    fimString: toWallClock(new Date(inicio.getTime() + 3_600_000)),
    diaInteiro: false,
  };
}

function EventForm({ event, onClose, onSaved, titleRef }: Omit<Props, 'open'> & { titleRef: RefObject<HTMLInputElement | null> }) {
  const formId = useId();
  const [initial] = useState(() => initialValues(event));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [formEl, setFormEl] = useState<HTMLFormElement | null>(null);
  const description = useFieldDescription({
    error: errors.descricao,
    helperText: `${values.descricao.length} de ${DESCRIPTION_MAX} caracteres`,
  });
  useUnsavedChanges(!sameValue(values, initial));

  function validate(next: Values) {
    const parsed = calendarEventInputSchema.safeParse(next satisfies CalendarEventFormInput);
    setErrors(parsed.success ? {} : fieldErrorsFromIssues<keyof Values>(parsed.error.issues));
    return parsed.success;
  }

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) validate(next);
  }

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setSubmitted(true);
    if (!validate(values)) {
      focusFirstInvalid(formEl);
      return;
    }
    setPending(true);
    setServerError(null);
    try {
      if (event) await updateCalendarEvent({ ...values, eventoId: event.eventoId });
      else await createCalendarEvent(values);
      notifySuccess(event ? 'Evento atualizado com sucesso' : 'Evento cadastrado com sucesso');
      onSaved();
      onClose();
    } catch (error) {
      if (isSessionExpiredError(error)) return;
      const body = apiErrorBody(error);
      if (body?.issues?.length) setErrors(fieldErrorsFromIssues(body.issues));
      setServerError(body?.message ?? 'Não foi possível salvar o evento. Verifique sua conexão e tente novamente.');
      focusFirstInvalid(formEl);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{event ? 'Editar evento' : 'Cadastrar evento'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} ref={setFormEl} noValidate onSubmit={(e) => void save(e)}>
          <Stack gap="4">
            {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
            <TextField
              ref={titleRef}
              label="Título"
              required
              maxLength={200}
              value={values.titulo}
              error={errors.titulo}
              onValueChange={(v) => change('titulo', v)}
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField
                label="Início"
                type="datetime-local"
                required
                value={values.inicioString}
                error={errors.inicioString}
                onValueChange={(v) => change('inicioString', v)}
              />
              <TextField
                label="Fim"
                type="datetime-local"
                required
                value={values.fimString}
                error={errors.fimString}
                onValueChange={(v) => change('fimString', v)}
              />
            </SimpleGrid>
            <Checkbox.Root checked={values.diaInteiro} onCheckedChange={(d) => change('diaInteiro', d.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Dia inteiro</Checkbox.Label>
            </Checkbox.Root>
            <TextField
              label="Local (opcional)"
              maxLength={200}
              value={values.local}
              error={errors.local}
              onValueChange={(v) => change('local', v)}
            />
            <FieldFrame
              label="Descrição (opcional)"
              error={errors.descricao}
              helperText={`${values.descricao.length} de ${DESCRIPTION_MAX} caracteres`}
              ids={description.ids}
            >
              <Textarea
                name="descricao"
                rows={4}
                autoresize
                maxH="16rem"
                maxLength={DESCRIPTION_MAX}
                value={values.descricao}
                onChange={(e) => change('descricao', e.target.value)}
                aria-describedby={description.describedBy}
              />
            </FieldFrame>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} loading={pending} loadingText="Salvando…">
          Salvar
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fechar" disabled={pending} />
      </Dialog.CloseTrigger>
    </>
  );
}
