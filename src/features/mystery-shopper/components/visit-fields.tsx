import { Grid } from '@chakra-ui/react';
import { CHANNEL_LABELS, CHANNELS, type Channel } from '../../../domain/mystery-shopper.ts';
import { DateField } from '../../../ui/date-field.tsx';
import type { FieldErrors } from '../../../ui/form.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';

export type VisitValues = { grupo: string; dataVisita: string; avaliador: string; canal: Channel | ''; observacoes: string };
export type VisitField = keyof VisitValues;

const CHANNEL_OPTIONS = CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));

/** The visit's own fields: the group (cycle), date, evaluator, channel and notes. */
export function VisitFields({
  values,
  errors,
  onChange,
}: {
  values: VisitValues;
  errors: FieldErrors<VisitField>;
  onChange: (update: Partial<VisitValues>) => void;
}) {
  return (
    <>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <TextField
          label="Grupo (ciclo de avaliação)"
          required
          name="grupo"
          value={values.grupo}
          onValueChange={(grupo) => onChange({ grupo })}
          error={errors.grupo}
          helperText="Ex.: Ciclo 2026/2"
        />
        <DateField
          label="Data da visita"
          required
          name="dataVisita"
          value={values.dataVisita}
          onValueChange={(dataVisita) => onChange({ dataVisita })}
          error={errors.dataVisita}
        />
        <TextField
          label="Avaliador"
          required
          name="avaliador"
          value={values.avaliador}
          onValueChange={(avaliador) => onChange({ avaliador })}
          error={errors.avaliador}
        />
        <SelectField
          label="Canal"
          required
          name="canal"
          options={CHANNEL_OPTIONS}
          placeholder="Selecione"
          value={values.canal}
          onValueChange={(canal) => onChange({ canal })}
          error={errors.canal}
        />
      </Grid>
      <TextAreaField
        label="Observações"
        name="observacoes"
        value={values.observacoes}
        onValueChange={(observacoes) => onChange({ observacoes })}
        maxLength={2000}
        error={errors.observacoes}
      />
    </>
  );
}
