import { useRef, useState } from 'react';
import { addTasksToSolutionSchema, SOLUTION_MESSAGES } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { CityCombo } from '../../../ui/entity-combos.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import type { FieldErrors } from '../../../ui/form.ts';
import { tasksData } from '../../../entities/tasks/data.ts';
import { municipalitySolutionsData } from '../data.ts';

export type ImportTasksDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The city whose screen opened the dialog: the municipality chosen until the user picks another. */
  municipioId: number;
  onImported: () => void;
};

/** Spec §2 "Import tasks dialog": municipality (optional), one of its solutions, then tasks of the programme's matching solution. */
export function ImportTasksDialog({ open, onClose, municipioId, onImported }: ImportTasksDialogProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef}>
      <ImportTasksForm municipioId={municipioId} onClose={onClose} onImported={onImported} />
    </FormDialog>
  );
}

function ImportTasksForm({ municipioId, onClose, onImported }: Omit<ImportTasksDialogProps, 'open'>) {
  const v = currentVocabulary();
  const cities = municipalitySolutionsData.useMunicipalityOptions();
  const [chosenCity, setChosenCity] = useState<number | null>(null);
  const target = chosenCity ?? municipioId;
  const solutions = tasksData.useMunicipalitySolutions(target);
  const [municipioSolucaoId, setMunicipioSolucaoId] = useState<number | null>(null);
  const [tarefaIds, setTarefaIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  // Only enabled solutions of enabled groups take tasks (the server refuses the others).
  const offered = solutions.status === 'ready' ? solutions.data.filter((s) => !s.desabilitado && !s.grupoDesabilitado) : [];
  const solution = offered.find((s) => s.municipioSolucaoId === municipioSolucaoId) ?? null;
  const tasks = municipalitySolutionsData.useProgrammeTasks(solution?.solucaoId ?? null);
  const taskOptions =
    tasks.status === 'ready' ? tasks.data.filter((t) => !t.desabilitado).map((t) => ({ value: t.tarefaId, label: t.nome })) : [];

  const submit = useFormDialogSubmit(
    {
      submit: () => {
        const parsed = addTasksToSolutionSchema.safeParse({ municipioId: target, municipioSolucaoId, tarefaIds });
        if (parsed.success) return parsed.data;
        setErrors(
          municipioSolucaoId === null
            ? { municipioSolucaoId: `Escolha a ${v.solution.singular.toLowerCase()}.` }
            : { tarefaIds: 'Escolha ao menos uma tarefa.' },
        );
        return null;
      },
      setErrors,
    },
    async (input) => {
      const imported = await tasksData.importTasks(input, { inline: true, failure: { message: SOLUTION_MESSAGES.createTasksError } });
      if (!imported.ok) return imported;
      notifySuccess(SOLUTION_MESSAGES.tasksCreated);
      onImported();
      onClose();
    },
    SOLUTION_MESSAGES.createTasksError,
  );

  return (
    <FormDialogForm
      title={`Importar ${v.task.plural.toLowerCase()}`}
      onClose={onClose}
      submit={submit}
      submitDisabled={municipioSolucaoId === null || tarefaIds.length === 0}
    >
      <CityCombo
        label={v.municipality.singular}
        options={cities.status === 'ready' ? cities.data.map((c) => ({ value: c.municipioId, label: c.nome })) : []}
        loading={cities.status === 'loading'}
        value={chosenCity ?? municipioId}
        helperText="Opcional: por padrão, este."
        onValueChange={(id) => {
          setChosenCity(id);
          setMunicipioSolucaoId(null);
          setTarefaIds([]);
        }}
      />
      <Combo
        label={v.solution.singular}
        required
        options={offered.map((s) => ({ value: s.municipioSolucaoId, label: s.nome }))}
        emptyText={v.empty.solutions}
        loading={solutions.status === 'loading'}
        error={errors.municipioSolucaoId}
        value={municipioSolucaoId}
        onValueChange={(id) => {
          setMunicipioSolucaoId(id);
          setTarefaIds([]);
        }}
      />
      <Combo
        multiple
        label={v.task.plural}
        required
        maxChips={1}
        options={taskOptions}
        emptyText={v.empty.tasks}
        loading={solution !== null && tasks.status === 'loading'}
        disabled={solution === null}
        helperText={solution === null ? `Escolha primeiro a ${v.solution.singular.toLowerCase()}.` : undefined}
        error={errors.tarefaIds}
        value={tarefaIds}
        onValueChange={setTarefaIds}
      />
    </FormDialogForm>
  );
}
