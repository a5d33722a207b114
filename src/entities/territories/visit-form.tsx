import { Stack } from '@chakra-ui/react';
import { useRef, useState, type RefObject } from 'react';
import { todayInSaoPaulo } from '../../domain/format.ts';
import { visitInputSchema, type Visit, type VisitOptions } from '../../domain/territories.ts';
import type { CommandFailure } from '../../lib/command-result.ts';
import { currentVocabulary } from '../../session/vocabulary.ts';
import { DateField } from '../../ui/date-field.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../ui/form-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { useSchemaForm } from '../../ui/form.ts';

/** What the visit dialog does: plan a visit, record one already done, or record a planned one as done. */
export type VisitFormMode = { kind: 'plan' } | { kind: 'record' } | { kind: 'done'; visit: Visit };

export type VisitFormValues = {
  municipioId: number;
  status: 'planejada' | 'realizada';
  dataPrevista: string;
  dataRealizada: string | null;
  horas: number;
  observacao: string;
  territorioId: number | null;
  municipioSolucaoId: number | null;
  relatorioId: number | null;
};

type Props = {
  mode: VisitFormMode | null;
  municipioId: number;
  options: VisitOptions | undefined;
  onClose: () => void;
  onSave: (values: VisitFormValues) => Promise<void | CommandFailure>;
};

const idOf = (text: string) => (text === '' ? null : Number(text));

/** The visit dialog of the agent's Visitas tab: the fields the spec's Solution visits and the field reports give. */
export function VisitFormDialog({ mode, municipioId, options, onClose, onSave }: Props) {
  const first = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={mode !== null} onClose={onClose} initialFocusRef={first}>
      {mode && (
        <VisitForm
          key={mode.kind === 'done' ? mode.visit.visitaId : mode.kind}
          mode={mode}
          municipioId={municipioId}
          options={options}
          onClose={onClose}
          onSave={onSave}
          first={first}
        />
      )}
    </FormDialog>
  );
}

function VisitForm({
  mode,
  municipioId,
  options,
  onClose,
  onSave,
  first,
}: Props & { mode: VisitFormMode; first: RefObject<HTMLInputElement | null> }) {
  const words = currentVocabulary();
  const visit = mode.kind === 'done' ? mode.visit : null;
  const today = todayInSaoPaulo();
  const done = mode.kind !== 'plan';
  const form = useSchemaForm(visitInputSchema, {
    municipioId,
    status: done ? 'realizada' : 'planejada',
    dataPrevista: visit?.dataPrevista ?? today,
    dataRealizada: done ? today : null,
    horas: visit?.horas ?? 0,
    observacao: visit?.observacao ?? '',
    territorioId: visit?.territorioId ?? options?.territorios[0]?.territorioId ?? null,
    municipioSolucaoId: visit?.municipioSolucaoId ?? null,
    relatorioId: visit?.relatorioId ?? null,
  });
  const [hoursText, setHoursText] = useState(String(visit?.horas ?? 0).replace('.', ','));
  const submit = useFormDialogSubmit(form, (values) => onSave(values as VisitFormValues), 'Não foi possível salvar a visita.');
  const title =
    mode.kind === 'plan' ? 'Planejar visita' : mode.kind === 'record' ? 'Registrar visita realizada' : 'Registrar visita como realizada';
  const v = form.values;
  return (
    <FormDialogForm title={title} onClose={onClose} submit={submit}>
      <Stack gap="4">
        {mode.kind !== 'done' && (
          <DateField
            label="Data prevista"
            required
            value={v.dataPrevista}
            onValueChange={(value) => form.setValue('dataPrevista', value)}
            error={form.errors.dataPrevista}
          />
        )}
        {done && (
          <DateField
            label="Data de realização"
            required
            value={v.dataRealizada ?? ''}
            onValueChange={(value) => {
              form.setValue('dataRealizada', value);
              if (mode.kind === 'record') form.setValue('dataPrevista', value);
            }}
            error={form.errors.dataRealizada}
          />
        )}
        <TextField
          ref={first}
          label={done ? 'Horas realizadas' : 'Horas previstas'}
          inputMode="decimal"
          value={hoursText}
          onValueChange={(text) => {
            const clean = text.replace(/[^\d,]/g, '');
            setHoursText(clean);
            form.setValue('horas', clean === '' ? 0 : Number(clean.replace(',', '.')));
          }}
          error={form.errors.horas}
        />
        {(options?.territorios.length ?? 0) > 0 && (
          <SelectField
            label="Território"
            placeholder="Sem território"
            options={options!.territorios.map((t) => ({ value: String(t.territorioId), label: t.nome }))}
            value={v.territorioId ? String(v.territorioId) : ''}
            onValueChange={(value) => form.setValue('territorioId', idOf(value))}
          />
        )}
        {mode.kind !== 'done' && (options?.solucoes.length ?? 0) > 0 && (
          <SelectField
            label={`${words.solution.singular} acompanhada por visitas`}
            placeholder="Nenhuma"
            options={options!.solucoes.map((s) => ({ value: String(s.municipioSolucaoId), label: s.nome }))}
            value={v.municipioSolucaoId ? String(v.municipioSolucaoId) : ''}
            onValueChange={(value) => form.setValue('municipioSolucaoId', idOf(value))}
            error={form.errors.municipioSolucaoId}
          />
        )}
        {done && (options?.relatorios.length ?? 0) > 0 && (
          <SelectField
            label="Relatório que comprova a visita"
            placeholder="Nenhum"
            options={options!.relatorios.map((r) => ({ value: String(r.relatorioId), label: r.titulo }))}
            value={v.relatorioId ? String(v.relatorioId) : ''}
            onValueChange={(value) => form.setValue('relatorioId', idOf(value))}
            error={form.errors.relatorioId}
          />
        )}
        <TextAreaField
          label="Observações"
          maxLength={2000}
          value={v.observacao ?? ''}
          onValueChange={(value) => form.setValue('observacao', value)}
          error={form.errors.observacao}
        />
      </Stack>
    </FormDialogForm>
  );
}
