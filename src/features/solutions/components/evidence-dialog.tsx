import { useRef, type RefObject } from 'react';
import { z } from 'zod';
import { evidenceDefinitionInputSchema, type EvidenceDefinition } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo, type ComboOption } from '../../../ui/combo.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { catalogue } from '../data.ts';
import { catalogueWording } from '../wording.ts';

export type EvidenceDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The task whose list is open: a new evidence starts in it. */
  tarefaId: number;
  /** null registers a new evidence definition. */
  evidence: EvidenceDefinition | null;
  /** The solution's tasks an evidence may belong to. */
  tasks: ReadonlyArray<ComboOption<number>>;
  onSaved: () => void;
};

// A task left empty reads as missing for the domain schema, which then says so on the field.
const evidenceFormSchema = z
  .object({ tarefaId: z.number().nullable(), nome: z.string(), descricao: z.string() })
  .transform((v) => ({ ...v, tarefaId: v.tarefaId ?? undefined }))
  .pipe(
    evidenceDefinitionInputSchema as unknown as z.ZodType<
      z.output<typeof evidenceDefinitionInputSchema>,
      { tarefaId: number | undefined; nome: string; descricao: string }
    >,
  );

/** An evidence definition of a task: task, name and description. */
export function EvidenceDialog(props: EvidenceDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={props.open} onClose={props.onClose} initialFocusRef={nameRef}>
      <EvidenceForm key={props.evidence?.evidenciaId ?? 'nova'} {...props} nameRef={nameRef} />
    </FormDialog>
  );
}

function EvidenceForm({
  onClose,
  tarefaId,
  evidence,
  tasks,
  onSaved,
  nameRef,
}: EvidenceDialogProps & { nameRef: RefObject<HTMLInputElement | null> }) {
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const form = useSchemaForm(evidenceFormSchema, {
    tarefaId: evidence?.tarefaId ?? tarefaId,
    nome: evidence?.nome ?? '',
    descricao: evidence?.descricao ?? '',
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await catalogue.saveEvidence({ body: data, id: evidence?.evidenciaId ?? null }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(evidence ? wording.evidenceUpdated : wording.evidenceCreated);
      onSaved();
      onClose();
    },
    'Não foi possível salvar a evidência. Verifique sua conexão e tente novamente.',
  );
  const task = form.field('tarefaId');
  return (
    <FormDialogForm title={evidence ? 'Editar evidência' : 'Cadastrar evidência'} onClose={onClose} submit={submit}>
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <Combo<number>
        label={words.task.singular}
        emptyText={words.empty.tasks}
        required
        options={tasks}
        value={task.value}
        onValueChange={task.onValueChange}
        error={task.error}
      />
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
    </FormDialogForm>
  );
}
