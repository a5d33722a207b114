import { useRef, type RefObject } from 'react';
import { z } from 'zod';
import { municipalityEvidenceInputSchema, type MunicipalityEvidence, type MunicipalityTask } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { tasksData } from '../../../entities/tasks/data.ts';

// The combo starts empty (null); the domain's schema then names the missing task.
const evidenceFormSchema = municipalityEvidenceInputSchema.extend({
  municipioTarefaId: z.number({ error: 'Escolha a tarefa.' }).nullable().pipe(municipalityEvidenceInputSchema.shape.municipioTarefaId),
  descricao: municipalityEvidenceInputSchema.shape.descricao.unwrap(),
});

export type EvidenceDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  /** The evidence to edit; null creates one. */
  evidence: MunicipalityEvidence | null;
  tasks: readonly MunicipalityTask[];
  onSaved: () => void;
};

/** Create or edit one of the municipality's evidence definitions (municipioevidencia): task, name, description. */
export function EvidenceDialog({ open, onClose, municipioId, evidence, tasks, onSaved }: EvidenceDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={nameRef}>
      <EvidenceForm key={evidence?.municipioEvidenciaId ?? 'nova'} {...{ onClose, municipioId, evidence, tasks, onSaved, nameRef }} />
    </FormDialog>
  );
}

function EvidenceForm({
  onClose,
  municipioId,
  evidence,
  tasks,
  onSaved,
  nameRef,
}: Omit<EvidenceDialogProps, 'open'> & { nameRef: RefObject<HTMLInputElement | null> }) {
  const v = currentVocabulary();
  const form = useSchemaForm(evidenceFormSchema, {
    municipioTarefaId: evidence?.municipioTarefaId ?? null,
    nome: evidence?.nome ?? '',
    descricao: evidence?.descricao ?? '',
  });
  const submit = useFormDialogSubmit(
    form,
    async (values) => {
      const saved = await tasksData.saveMunicipalityEvidence(
        { municipioId, evidence: { ...values, ...(evidence && { municipioEvidenciaId: evidence.municipioEvidenciaId }) } },
        { inline: true, failure: { message: 'Erro ao salvar evidência' } },
      );
      if (!saved.ok) return saved;
      notifySuccess('Evidência salva com sucesso');
      onSaved();
      onClose();
    },
    'Erro ao salvar evidência',
  );
  return (
    <FormDialogForm title={evidence ? 'Editar evidência' : 'Nova evidência'} onClose={onClose} submit={submit}>
      <Combo
        label={v.task.singular}
        required
        options={tasks.filter((t) => !t.desabilitado).map((t) => ({ value: t.municipioTarefaId, label: t.nome }))}
        emptyText={v.empty.tasks}
        value={form.values.municipioTarefaId}
        onValueChange={(id) => form.setValue('municipioTarefaId', id)}
        error={form.errors.municipioTarefaId}
      />
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
    </FormDialogForm>
  );
}
