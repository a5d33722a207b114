import { useRef, type RefObject } from 'react';
import { z } from 'zod';
import { municipalityTaskUpdateSchema, SOLUTION_MESSAGES, type MunicipalityTask } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { tasksData } from '../../../entities/tasks/data.ts';

// The hours are typed as text (a comma is a decimal separator in pt-BR); the domain's rule checks the number.
const taskFormSchema = municipalityTaskUpdateSchema.omit({ municipioTarefaId: true }).extend({
  descricao: municipalityTaskUpdateSchema.shape.descricao.unwrap(),
  horas: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'))))
    .pipe(municipalityTaskUpdateSchema.shape.horas),
});

export type TaskEditDialogProps = { task: MunicipalityTask | null; onClose: () => void; municipioId: number; onSaved: () => void };

/** Task edit (PUT municipiotarefa): name, hours and description of one of the municipality's tasks. */
export function TaskEditDialog({ task, onClose, municipioId, onSaved }: TaskEditDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={task !== null} onClose={onClose} initialFocusRef={nameRef}>
      {task && (
        <TaskForm
          key={task.municipioTarefaId}
          task={task}
          municipioId={municipioId}
          onClose={onClose}
          onSaved={onSaved}
          nameRef={nameRef}
        />
      )}
    </FormDialog>
  );
}

function TaskForm({
  task,
  municipioId,
  onClose,
  onSaved,
  nameRef,
}: Omit<TaskEditDialogProps, 'task'> & { task: MunicipalityTask; nameRef: RefObject<HTMLInputElement | null> }) {
  const v = currentVocabulary();
  const form = useSchemaForm(taskFormSchema, { nome: task.nome, descricao: task.descricao, horas: String(task.horas).replace('.', ',') });
  const submit = useFormDialogSubmit(
    form,
    async (values) => {
      const saved = await tasksData.updateMunicipalityTask(
        { municipioId, task: { municipioTarefaId: task.municipioTarefaId, ...values } },
        { inline: true, failure: { message: SOLUTION_MESSAGES.getTasksError } },
      );
      if (!saved.ok) return saved;
      notifySuccess(`${v.task.singular} atualizada com sucesso`);
      onSaved();
      onClose();
    },
    SOLUTION_MESSAGES.getTasksError,
  );
  return (
    <FormDialogForm title={`Editar ${v.task.singular.toLowerCase()}`} onClose={onClose} submit={submit}>
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextField label="Horas" required inputMode="decimal" autoComplete="off" {...form.field('horas')} />
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
    </FormDialogForm>
  );
}
