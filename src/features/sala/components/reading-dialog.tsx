import { useMemo, useRef, type RefObject } from 'react';
import { z } from 'zod';
import { todayInSaoPaulo } from '../../../domain/format.ts';
import { numberFromText } from '../../../domain/register-fields.ts';
import { formatPeriod, periodSchema, periodsEndingAt, readingInputSchema, type IndicatorRow } from '../../../domain/sala.ts';
import { salaRoom } from '../../../entities/sala/data.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';

/** The form's text, checked with the API's own rules (src/domain/sala.ts) once read as numbers. */
const readingFormSchema = z.object({
  indicadorId: z.preprocess((v) => (v === '' ? undefined : Number(v)), readingInputSchema.shape.indicadorId),
  periodo: periodSchema,
  valor: z.preprocess(numberFromText, readingInputSchema.shape.valor),
  observacao: readingInputSchema.shape.observacao,
});

export type ReadingDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  indicators: readonly IndicatorRow[];
  /** The indicator and period the dialog opens on (the map's row and period). */
  initial: { indicadorId: number | null; periodo: string | null };
};

/**
 * Registrar leitura: one indicator's value in one month. It goes through the outbox, so it shows on
 * the map at once and reaches the server once, now or when the device is back online.
 */
export function ReadingDialog(props: ReadingDialogProps) {
  const valueRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={props.open} onClose={props.onClose} initialFocusRef={valueRef}>
      <ReadingForm key={`${props.initial.indicadorId}:${props.initial.periodo}`} {...props} valueRef={valueRef} />
    </FormDialog>
  );
}

function ReadingForm({
  onClose,
  municipioId,
  indicators,
  initial,
  valueRef,
}: ReadingDialogProps & { valueRef: RefObject<HTMLInputElement | null> }) {
  const periods = useMemo(() => periodsEndingAt(todayInSaoPaulo().slice(0, 7), 36).reverse(), []);
  const form = useSchemaForm(readingFormSchema, {
    indicadorId: initial.indicadorId === null ? '' : String(initial.indicadorId),
    periodo: initial.periodo ?? periods[0]!,
    valor: '',
    observacao: '',
  });
  const indicator = indicators.find((i) => String(i.indicadorId) === form.values.indicadorId);
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const chosen = indicators.find((i) => i.indicadorId === data.indicadorId);
      const queued = await salaRoom.recordReading({ ...data, municipioId, meta: null, indicadorNome: chosen?.nome ?? '' });
      if (!queued.ok) return queued;
      notifySuccess('Leitura registrada');
      onClose();
    },
    'Não foi possível registrar a leitura.',
  );

  return (
    <FormDialogForm title="Registrar leitura" onClose={onClose} submit={submit}>
      <SelectField
        label="Indicador"
        required
        placeholder="Selecione"
        options={indicators.map((i) => ({ value: String(i.indicadorId), label: i.nome }))}
        {...form.field('indicadorId')}
        value={form.values.indicadorId as string}
        onValueChange={(value) => form.setValue('indicadorId', value)}
      />
      <SelectField
        label="Período"
        required
        options={periods.map((p) => ({ value: p, label: formatPeriod(p) }))}
        {...form.field('periodo')}
        value={form.values.periodo as string}
        onValueChange={(value) => form.setValue('periodo', value)}
      />
      <TextField
        ref={valueRef}
        label={indicator ? `Valor (${indicator.unidadeSigla})` : 'Valor'}
        required
        inputMode="decimal"
        autoComplete="off"
        helperText={indicator ? `Meta: ${String(indicator.meta).replace('.', ',')} ${indicator.unidadeSigla}` : undefined}
        {...form.field('valor')}
        value={form.values.valor as string}
        onValueChange={(value) => form.setValue('valor', value.replace(/[^\d,.-]+/g, ''))}
      />
      <TextAreaField label="Observação" maxLength={500} {...form.field('observacao')} value={form.values.observacao as string} />
    </FormDialogForm>
  );
}
