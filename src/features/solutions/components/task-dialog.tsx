import { Box, Button, Fieldset, Grid, HStack, Stack } from '@chakra-ui/react';
import { useMemo, useRef, type RefObject } from 'react';
import type { Task } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { ComboOption } from '../../../ui/combo.tsx';
import { SolutionCombo } from '../../../ui/entity-combos.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { catalogue } from '../data.ts';
import {
  evidenceRowErrors,
  maskHours,
  taskCreateFormSchema,
  taskFormValues,
  taskUpdateFormSchema,
  type EvidenceRow,
  type TaskFormValues,
} from '../form-values.ts';
import { catalogueWording } from '../wording.ts';
import { SOLUTION_MESSAGES } from '../../../domain/solutions.ts';

export type TaskDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The solution whose list is open: a new task starts in it. */
  solucaoId: number;
  /** null registers a new task. */
  task: Task | null;
  /** The group's solutions a task may belong to. */
  solutions: ReadonlyArray<ComboOption<number>>;
  onSaved: () => void;
};

/**
 * Spec §2 task dialog: name, hours, solution, description and, when creating, a repeatable list
 * of evidence name and description. Editing leaves the evidences to their own level.
 */
export function TaskDialog(props: TaskDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={props.open} onClose={props.onClose} initialFocusRef={nameRef}>
      {props.task ? (
        <TaskEditForm key={props.task.tarefaId} {...props} task={props.task} nameRef={nameRef} />
      ) : (
        <TaskCreateForm key="nova" {...props} nameRef={nameRef} />
      )}
    </FormDialog>
  );
}

type FormProps = TaskDialogProps & { nameRef: RefObject<HTMLInputElement | null> };

function TaskCreateForm({ onClose, solucaoId, solutions, onSaved, nameRef }: FormProps) {
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const form = useSchemaForm(taskCreateFormSchema, taskFormValues(null, solucaoId));
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await catalogue.createTask(data, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(wording.taskCreated);
      onSaved();
      onClose();
    },
    SOLUTION_MESSAGES.createTasksError,
  );
  // The per-row messages, worked out again from the values only once the list was refused.
  const rowErrors = form.errors.evidencias ? evidenceRowErrors(taskCreateFormSchema.safeParse(form.values).error?.issues ?? []) : {};
  const rows = form.values.evidencias;
  const setRows = (next: EvidenceRow[]) => form.setValue('evidencias', next);

  return (
    <FormDialogForm title={`Cadastrar ${words.task.singular}`} onClose={onClose} submit={submit}>
      <TaskFields form={form} solutions={solutions} nameRef={nameRef} />
      <Fieldset.Root>
        <Fieldset.Legend>Evidências</Fieldset.Legend>
        <Stack gap="4" mt="2">
          {rows.map((row, index) => (
            // Rows have no id of their own until saved; the position is their identity while typing.
            <Box key={index} borderWidth="1px" borderRadius="l2" p="3">
              <Stack gap="3">
                <TextField
                  label={`Nome da evidência ${index + 1}`}
                  required
                  autoComplete="off"
                  maxLength={200}
                  value={row.nome}
                  onValueChange={(nome) => setRows(rows.map((r, i) => (i === index ? { ...r, nome } : r)))}
                  error={rowErrors[index]?.nome}
                />
                <TextAreaField
                  label={`Descrição da evidência ${index + 1}`}
                  maxLength={4000}
                  value={row.descricao}
                  onValueChange={(descricao) => setRows(rows.map((r, i) => (i === index ? { ...r, descricao } : r)))}
                  error={rowErrors[index]?.descricao}
                />
                <HStack justify="flex-end">
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                    Remover evidência {index + 1}
                  </Button>
                </HStack>
              </Stack>
            </Box>
          ))}
          <Box>
            <Button size="sm" variant="outline" onClick={() => setRows([...rows, { nome: '', descricao: '' }])}>
              Adicionar evidência
            </Button>
          </Box>
        </Stack>
      </Fieldset.Root>
    </FormDialogForm>
  );
}

function TaskEditForm({ onClose, task, solutions, onSaved, nameRef }: FormProps & { task: Task }) {
  const words = currentVocabulary();
  const failure = { message: `Não foi possível salvar a ${words.task.singular.toLowerCase()}. Verifique sua conexão e tente novamente.` };
  const wording = catalogueWording(words);
  const schema = useMemo(() => taskUpdateFormSchema(task.tarefaId), [task.tarefaId]);
  const form = useSchemaForm(schema, taskFormValues(task, task.solucaoId));
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await catalogue.updateTask(data, { inline: true, failure });
      if (!saved.ok) return saved;
      notifySuccess(wording.taskUpdated);
      onSaved();
      onClose();
    },
    failure.message,
  );
  return (
    <FormDialogForm title={`Editar ${words.task.singular}`} onClose={onClose} submit={submit}>
      <TaskFields form={form} solutions={solutions} nameRef={nameRef} />
    </FormDialogForm>
  );
}

type TaskFieldsForm = {
  values: TaskFormValues;
  field: <F extends keyof TaskFormValues & string>(
    name: F,
  ) => { name: F; value: TaskFormValues[F]; onValueChange: (value: TaskFormValues[F]) => void; error: string | undefined };
};

/** Name, hours, solution and description: the same in both dialogs. */
function TaskFields({
  form,
  solutions,
  nameRef,
}: {
  form: TaskFieldsForm;
  solutions: ReadonlyArray<ComboOption<number>>;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const words = currentVocabulary();
  const solution = form.field('solucaoId');
  return (
    <>
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <Grid templateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap="4">
        <MaskedInput label="Horas" required mask={maskHours} inputMode="decimal" autoComplete="off" {...form.field('horas')} />
        <SolutionCombo<number>
          label={words.solution.singular}
          emptyText={words.empty.solutions}
          required
          options={solutions}
          value={solution.value}
          onValueChange={solution.onValueChange}
          error={solution.error}
        />
      </Grid>
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
    </>
  );
}
