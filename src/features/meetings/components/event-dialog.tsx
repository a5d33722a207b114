import { Checkbox, SimpleGrid } from '@chakra-ui/react';
import { useRef, type RefObject } from 'react';
import { calendarEventInputSchema, toWallClock, type CalendarEvent, type CalendarEventFormInput } from '../../../domain/meetings.ts';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { meetings } from '../data.ts';
import { LocationField, PeriodFields } from './meeting-fields.tsx';

const DESCRIPTION_MAX = 2000;

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
    <FormDialog open={open} onClose={onClose} initialFocusRef={titleRef}>
      <EventForm key={event?.eventoId ?? 'novo'} event={event} onClose={onClose} onSaved={onSaved} titleRef={titleRef} />
    </FormDialog>
  );
}

function initialValues(event: CalendarEvent | null): Required<CalendarEventFormInput> {
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
  const form = useSchemaForm(calendarEventInputSchema, initialValues(event));
  const submit = useFormDialogSubmit(
    form,
    async (input) => {
      const saved = event
        ? await meetings.updateEvent({ ...input, eventoId: event.eventoId }, { inline: true })
        : await meetings.createEvent(input, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(event ? 'Evento atualizado com sucesso' : 'Evento cadastrado com sucesso');
      onSaved();
      onClose();
    },
    'Não foi possível salvar o evento. Verifique sua conexão e tente novamente.',
  );
  const { values, errors, setValue } = form;

  return (
    <FormDialogForm title={event ? 'Editar evento' : 'Cadastrar evento'} onClose={onClose} submit={submit}>
      <TextField ref={titleRef} label="Título" required maxLength={200} {...form.field('titulo')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <PeriodFields values={values} errors={errors} onChange={setValue} />
      </SimpleGrid>
      <Checkbox.Root checked={values.diaInteiro} onCheckedChange={(d) => setValue('diaInteiro', d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Dia inteiro</Checkbox.Label>
      </Checkbox.Root>
      <LocationField value={values.local ?? ''} error={errors.local} onChange={(v) => setValue('local', v)} />
      <TextAreaField label="Descrição (opcional)" maxLength={DESCRIPTION_MAX} {...form.field('descricao')} value={values.descricao ?? ''} />
    </FormDialogForm>
  );
}
