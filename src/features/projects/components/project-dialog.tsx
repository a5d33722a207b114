import { Button, CloseButton, Dialog, NativeSelect, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useId, useRef, type RefObject } from 'react';
import { projectInputSchema, type Project } from '../../../domain/users.ts';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { FieldFrame, TextField, useFieldDescription } from '../../../ui/text-field.tsx';
import { createProject, updateProject } from '../data.ts';

/** The 27 federative units; a project belongs to one. */
const UFS: readonly string[] = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

const DESCRIPTION_MAX = 2000;

export type ProjectDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The project to edit; null to register one. */
  project: Project | null;
  /** The state a new project starts in: the tenant's. */
  defaultUf: string;
  onSaved: (project: Project) => void;
};

/** Spec §2: "Cadastrar Projeto" and "Edição de Projeto", with Nome and Descrição required (spec §5). */
export function ProjectDialog({ open, onClose, project, defaultUf, onSaved }: ProjectDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      initialFocusEl={() => nameRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(600px, calc(100vw - 2rem))" mx="4">
            <ProjectForm
              key={project?.projetoId ?? 'novo'}
              project={project}
              defaultUf={defaultUf}
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

type ProjectFormProps = Omit<ProjectDialogProps, 'open'> & { nameRef: RefObject<HTMLInputElement | null> };

function ProjectForm({ project, defaultUf, onClose, onSaved, nameRef }: ProjectFormProps) {
  const formId = useId();
  const form = useSchemaForm(projectInputSchema, {
    nome: project?.nome ?? '',
    descricao: project?.descricao ?? '',
    uf: (project?.uf ?? defaultUf).toUpperCase(),
  });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => {
      const saved = project ? await updateProject({ projetoId: project.projetoId, ...data }) : await createProject(data);
      notifySuccess(project ? 'Projeto atualizado com sucesso' : 'Projeto cadastrado com sucesso');
      onSaved(saved);
      onClose();
    },
    'Não foi possível salvar o projeto. Verifique sua conexão e tente novamente.',
  );

  const description = form.field('descricao');
  const descriptionIds = useFieldDescription({ error: description.error, helperText: descriptionCount(description.value) });
  const uf = form.field('uf');
  const ufIds = useFieldDescription({ error: uf.error });
  // A stored state outside the list (an old record) is still shown and kept.
  const ufOptions: readonly string[] = uf.value && !UFS.includes(uf.value) ? [uf.value, ...UFS] : UFS;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{project ? 'Edição de Projeto' : 'Cadastrar Projeto'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} ref={formRef} noValidate onSubmit={handleSubmit}>
          <Stack gap="4">
            {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
            <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
            <FieldFrame
              label="Descrição"
              required
              error={description.error}
              helperText={descriptionCount(description.value)}
              ids={descriptionIds.ids}
            >
              <Textarea
                name="descricao"
                rows={4}
                autoresize
                maxH="16rem"
                maxLength={DESCRIPTION_MAX}
                value={description.value}
                onChange={(event) => description.onValueChange(event.target.value)}
                aria-describedby={descriptionIds.describedBy}
              />
            </FieldFrame>
            <FieldFrame label="UF" required error={uf.error} ids={ufIds.ids}>
              <NativeSelect.Root maxW="8rem">
                <NativeSelect.Field
                  name="uf"
                  value={uf.value ?? ''}
                  onChange={(event) => uf.onValueChange(event.target.value)}
                  aria-describedby={ufIds.describedBy}
                >
                  {ufOptions.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FieldFrame>
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

function descriptionCount(value: string): string {
  return `${value.length} de ${DESCRIPTION_MAX} caracteres`;
}
