import { useRef, type RefObject } from 'react';
import { groupCreateSchema, type MunicipalityGroup } from '../../../domain/members.ts';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { municipalityGroupsData } from '../../../entities/municipality-groups/data.ts';

const groupFormSchema = groupCreateSchema.pick({ nome: true });

export type GroupDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  /** The group to rename; absent to create one. */
  group?: MunicipalityGroup | null;
  onSaved: (group: MunicipalityGroup) => void;
};

/** Creates a working group of the city or renames one (name required). */
export function GroupDialog({ open, onClose, municipioId, group = null, onSaved }: GroupDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={nameRef}>
      <GroupForm
        key={group?.grupoId ?? 'novo'}
        municipioId={municipioId}
        group={group}
        onClose={onClose}
        onSaved={onSaved}
        nameRef={nameRef}
      />
    </FormDialog>
  );
}

type GroupFormProps = Omit<GroupDialogProps, 'open' | 'group'> & {
  group: MunicipalityGroup | null;
  nameRef: RefObject<HTMLInputElement | null>;
};

function GroupForm({ municipioId, group, onClose, onSaved, nameRef }: GroupFormProps) {
  const form = useSchemaForm(groupFormSchema, { nome: group?.nome ?? '' });
  const submit = useFormDialogSubmit(
    form,
    async ({ nome }) => {
      // A failure is shown on the form, which keeps what was typed.
      const saved = group
        ? await municipalityGroupsData.renameGroup({ grupoId: group.grupoId, nome }, { inline: true })
        : await municipalityGroupsData.createGroup({ municipioId, nome }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(group ? 'Grupo renomeado com sucesso' : 'Grupo criado com sucesso');
      onSaved(saved.data);
      onClose();
    },
    'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.',
  );

  return (
    <FormDialogForm title={group ? 'Renomear grupo' : 'Novo grupo'} onClose={onClose} submit={submit}>
      <TextField ref={nameRef} label="Nome do grupo" required autoComplete="off" maxLength={200} {...form.field('nome')} />
    </FormDialogForm>
  );
}
