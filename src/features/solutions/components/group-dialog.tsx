import { useMemo, useRef, type RefObject } from 'react';
import type { Axis } from '../../../domain/axes.ts';
import { axisOptionDisabled, type SolutionGroup } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AxisCombo, MAX_AXES } from '../../../ui/entity-combos.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { catalogue } from '../data.ts';
import { groupFormSchema, groupFormValues } from '../form-values.ts';
import { catalogueWording } from '../wording.ts';

export type GroupDialogProps = {
  open: boolean;
  onClose: () => void;
  projetoId: number;
  /** null registers a new group. */
  group: SolutionGroup | null;
  /** The project's axes (and those of no project). */
  axes: readonly Axis[];
  axesLoading: boolean;
  onSaved: () => void;
};

/** Spec §2 group dialog: name, axes (at most 5, spec §5) and description. */
export function GroupDialog(props: GroupDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={props.open} onClose={props.onClose} initialFocusRef={nameRef}>
      <GroupForm key={props.group?.grupoSolucaoId ?? 'novo'} {...props} nameRef={nameRef} />
    </FormDialog>
  );
}

function GroupForm({
  onClose,
  projetoId,
  group,
  axes,
  axesLoading,
  onSaved,
  nameRef,
}: GroupDialogProps & { nameRef: RefObject<HTMLInputElement | null> }) {
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const schema = useMemo(() => groupFormSchema(projetoId), [projetoId]);
  const form = useSchemaForm(schema, groupFormValues(group));
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await catalogue.saveGroup(
        { body: data, id: group?.grupoSolucaoId ?? null },
        { inline: true, failure: { message: wording.groupCreateError } },
      );
      if (!saved.ok) return saved;
      notifySuccess(group ? wording.groupUpdated : wording.groupCreated);
      onSaved();
      onClose();
    },
    wording.groupCreateError,
  );
  const chosen = form.values.eixoIds;
  // Spec §5: once 5 axes are chosen the others are disabled; an axis the group already has stays listed.
  const options = axes.map((axis) => ({ value: axis.eixoId, label: axis.nome, disabled: axisOptionDisabled(chosen, axis.eixoId) }));
  const eixos = form.field('eixoIds');

  return (
    <FormDialogForm
      title={group ? `Editar ${wording.groupSingular}` : `Cadastrar ${wording.groupSingular}`}
      onClose={onClose}
      submit={submit}
    >
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <AxisCombo<number>
        multiple
        label={words.axis.plural}
        emptyText={words.empty.axes}
        options={options}
        value={eixos.value}
        onValueChange={eixos.onValueChange}
        maxSelected={MAX_AXES}
        loading={axesLoading}
        error={eixos.error}
        helperText={`Até ${MAX_AXES} ${words.axis.plural.toLowerCase()}.`}
      />
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
    </FormDialogForm>
  );
}
