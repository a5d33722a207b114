import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useId, useRef, type RefObject } from 'react';
import { groupCreateSchema, type MunicipalityGroup } from '../../../domain/members.ts';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { READABLE_ERRORS } from '../../../ui/readable-errors.ts';
import { createGroup, renameGroup } from '../data.ts';

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      initialFocusEl={() => nameRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(600px, calc(100vw - 2rem))" mx="4" css={READABLE_ERRORS}>
            <GroupForm
              key={group?.grupoId ?? 'novo'}
              municipioId={municipioId}
              group={group}
              onClose={onClose}
              onSaved={onSaved}
              nameRef={nameRef}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type GroupFormProps = Omit<GroupDialogProps, 'open' | 'group'> & {
  group: MunicipalityGroup | null;
  nameRef: RefObject<HTMLInputElement | null>;
};

function GroupForm({ municipioId, group, onClose, onSaved, nameRef }: GroupFormProps) {
  const formId = useId();
  const form = useSchemaForm(groupFormSchema, { nome: group?.nome ?? '' });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async ({ nome }) => {
      const saved = group ? await renameGroup(group.grupoId, nome) : await createGroup(municipioId, nome);
      notifySuccess(group ? 'Grupo renomeado com sucesso' : 'Grupo criado com sucesso');
      onSaved(saved);
      onClose();
    },
    'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.',
  );

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{group ? 'Renomear grupo' : 'Novo grupo'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} ref={formRef} noValidate onSubmit={handleSubmit}>
          <Stack gap="4">
            {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
            <TextField ref={nameRef} label="Nome do grupo" required autoComplete="off" maxLength={200} {...form.field('nome')} />
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} loading={pending} loadingText="Salvando…">
          Salvar
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fechar" disabled={pending} />
      </Dialog.CloseTrigger>
    </>
  );
}
