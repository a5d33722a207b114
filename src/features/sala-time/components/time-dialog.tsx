import { SimpleGrid } from '@chakra-ui/react';
import { useRef, type RefObject } from 'react';
import { SALA_SERVICES, timeInputSchema, type SalaService, type TimeRow } from '../../../domain/sala-time.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { DigitsInput } from '../../../ui/masked-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { times } from '../data.ts';

const SERVICE_OPTIONS = SALA_SERVICES.map((value) => ({ value, label: value }));

export type TimeDialogProps = { open: boolean; onClose: () => void; municipioId: number; time: TimeRow | null };

export function TimeDialog({ open, onClose, municipioId, time }: TimeDialogProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef}>
      <TimeForm key={time?.salaTempoId ?? 'novo'} municipioId={municipioId} time={time} onClose={onClose} firstRef={firstRef} />
    </FormDialog>
  );
}

/** The duration is typed in hours and minutes, stored in minutes. */
function TimeForm({
  municipioId,
  time,
  onClose,
  firstRef,
}: Omit<TimeDialogProps, 'open'> & { firstRef: RefObject<HTMLInputElement | null> }) {
  const form = useSchemaForm(timeInputSchema, {
    municipioId,
    servico: time?.servico ?? ('' as SalaService),
    data: time?.data ?? '',
    duracaoMinutos: time?.duracaoMinutos ?? 0,
    observacao: time?.observacao ?? '',
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const result = time
        ? await times.update({ ...data, salaTempoId: time.salaTempoId }, { inline: true })
        : await times.create(data, { inline: true });
      if (!result.ok) return result;
      notifySuccess(time ? 'Tempo de atendimento atualizado com sucesso' : 'Tempo de atendimento registrado com sucesso');
      onClose();
    },
    'Não foi possível salvar o tempo de atendimento.',
  );
  const { values, errors, setValue } = form;
  const minutes = Number(values.duracaoMinutos) || 0;
  const setDuration = (hours: number, mins: number) => setValue('duracaoMinutos', hours * 60 + mins);
  return (
    <FormDialogForm title={time ? 'Editar tempo de atendimento' : 'Novo tempo de atendimento'} onClose={onClose} submit={submit}>
      <SelectField<SalaService>
        label="Serviço"
        required
        name="servico"
        placeholder="Escolha o serviço"
        options={SERVICE_OPTIONS}
        value={values.servico}
        onValueChange={(v) => setValue('servico', v as SalaService)}
        error={errors.servico}
      />
      <DateField
        label="Data de conclusão"
        required
        name="data"
        value={values.data}
        onValueChange={(v) => setValue('data', v)}
        error={errors.data}
      />
      <SimpleGrid columns={2} gap="4">
        <DigitsInput
          ref={firstRef}
          label="Horas"
          name="horas"
          maxDigits={4}
          value={String(Math.floor(minutes / 60))}
          onValueChange={(text) => setDuration(Number(text || 0), minutes % 60)}
          error={errors.duracaoMinutos}
        />
        <DigitsInput
          label="Minutos"
          name="minutos"
          maxDigits={2}
          value={String(minutes % 60)}
          onValueChange={(text) => setDuration(Math.floor(minutes / 60), Math.min(59, Number(text || 0)))}
        />
      </SimpleGrid>
      <TextField label="Observação" maxLength={500} {...form.field('observacao')} value={values.observacao ?? ''} />
    </FormDialogForm>
  );
}
