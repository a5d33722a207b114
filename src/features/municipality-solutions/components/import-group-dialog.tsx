import { useMemo, useRef, useState } from 'react';
import {
  addGroupToMunicipalitySchema,
  SOLUTION_MESSAGES,
  groupCreateErrorMessage,
  type MunicipalityGroup,
} from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import type { FieldErrors } from '../../../ui/form.ts';
import { tasksData } from '../../../entities/tasks/data.ts';
import { municipalitySolutionsData } from '../data.ts';

/** Spec §2 "Import solution group into a city": Salvar waits for a group and at least one of its original solutions. */
export function importGroupSaveDisabled(grupoSolucaoId: number | null, solucoesOriginais: readonly number[]): boolean {
  return grupoSolucaoId === null || solucoesOriginais.length === 0;
}

export type ImportGroupDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  onImported: (group: MunicipalityGroup) => void;
};

/** "Importar grupo de soluções": a programme group the municipality lacks, with the original solutions chosen (all, at first). */
export function ImportGroupDialog({ open, onClose, municipioId, onImported }: ImportGroupDialogProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef}>
      <ImportGroupForm municipioId={municipioId} onClose={onClose} onImported={onImported} />
    </FormDialog>
  );
}

function ImportGroupForm({ municipioId, onClose, onImported }: Omit<ImportGroupDialogProps, 'open'>) {
  const v = currentVocabulary();
  const groups = municipalitySolutionsData.useGroupsNotInMunicipality(municipioId);
  const [grupoSolucaoId, setGrupoSolucaoId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const groupList = groups.status === 'ready' ? groups.data : [];
  const group = groupList.find((g) => g.grupoSolucaoId === grupoSolucaoId) ?? null;
  const solutions = municipalitySolutionsData.useGroupSolutions(group && { projetoId: group.projetoId, grupoSolucaoId: group.grupoSolucaoId });
  const solutionOptions = useMemo(
    () =>
      solutions.status === 'ready' ? solutions.data.filter((s) => !s.desabilitado).map((s) => ({ value: s.solucaoId, label: s.nome })) : [],
    [solutions],
  );

  // A group's solutions, once they arrive, are all chosen until the user says otherwise (once per group).
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  if (group !== null && solutions.status === 'ready' && prefilledFor !== group.grupoSolucaoId) {
    setPrefilledFor(group.grupoSolucaoId);
    setChosen(solutionOptions.map((o) => o.value));
  }

  const submit = useFormDialogSubmit(
    {
      submit: () => {
        const parsed = addGroupToMunicipalitySchema.safeParse({ municipioId, grupoSolucaoId, solucoesOriginais: chosen });
        if (parsed.success) return parsed.data;
        setErrors({ solucoesOriginais: SOLUTION_MESSAGES.noOriginalSolutions });
        return null;
      },
      setErrors,
    },
    async (input) => {
      const created = await tasksData.importSolutionGroup(input, { inline: true, failure: { message: groupCreateErrorMessage(v.mode) } });
      if (!created.ok) return created;
      notifySuccess(SOLUTION_MESSAGES.groupCreated);
      onImported(created.data);
      onClose();
    },
    groupCreateErrorMessage(v.mode),
  );

  return (
    <FormDialogForm
      title={`Importar ${v.solutionGroup.singular.toLowerCase()}`}
      onClose={onClose}
      submit={submit}
      submitDisabled={importGroupSaveDisabled(grupoSolucaoId, chosen)}
    >
      <Combo
        label={v.solutionGroup.singular}
        required
        options={groupList.map((g) => ({ value: g.grupoSolucaoId, label: g.nome }))}
        emptyText={v.empty.solutionGroups}
        loading={groups.status === 'loading'}
        value={grupoSolucaoId}
        onValueChange={(id) => {
          setGrupoSolucaoId(id);
          setChosen([]);
          setErrors({});
        }}
      />
      <Combo
        multiple
        label={v.solution.plural}
        required
        maxChips={1}
        options={solutionOptions}
        emptyText={v.empty.solutions}
        loading={group !== null && solutions.status === 'loading'}
        disabled={group === null}
        helperText={group === null ? `Escolha primeiro o ${v.solutionGroup.singular.toLowerCase()}.` : undefined}
        error={errors.solucoesOriginais}
        value={chosen}
        onValueChange={setChosen}
      />
    </FormDialogForm>
  );
}
