import { NativeSelect } from '@chakra-ui/react';
import { useRef, type RefObject } from 'react';
import { projectInputSchema, type Project } from '../../../domain/users.ts';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { FieldFrame, TextAreaField, TextField, useFieldDescription } from '../../../ui/text-field.tsx';
import { projects } from '../data.ts';

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
    <FormDialog open={open} onClose={onClose} initialFocusRef={nameRef}>
      <ProjectForm
        key={project?.projetoId ?? 'novo'}
        project={project}
        defaultUf={defaultUf}
        onClose={onClose}
        onSaved={onSaved}
        nameRef={nameRef}
      />
    </FormDialog>
  );
}

type ProjectFormProps = Omit<ProjectDialogProps, 'open'> & { nameRef: RefObject<HTMLInputElement | null> };

function ProjectForm({ project, defaultUf, onClose, onSaved, nameRef }: ProjectFormProps) {
  const form = useSchemaForm(projectInputSchema, {
    nome: project?.nome ?? '',
    descricao: project?.descricao ?? '',
    uf: (project?.uf ?? defaultUf).toUpperCase(),
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      // A failure is shown in the dialog, which stays open with what was typed.
      const saved = project
        ? await projects.update({ projetoId: project.projetoId, ...data }, { inline: true })
        : await projects.create(data, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(project ? 'Projeto atualizado com sucesso' : 'Projeto cadastrado com sucesso');
      onSaved(saved.data);
      onClose();
    },
    'Não foi possível salvar o projeto. Verifique sua conexão e tente novamente.',
  );

  const uf = form.field('uf');
  const ufIds = useFieldDescription({ error: uf.error });
  // A stored state outside the list (an old record) is still shown and kept.
  const ufOptions: readonly string[] = uf.value && !UFS.includes(uf.value) ? [uf.value, ...UFS] : UFS;

  return (
    <FormDialogForm title={project ? 'Edição de Projeto' : 'Cadastrar Projeto'} onClose={onClose} submit={submit}>
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextAreaField label="Descrição" required maxLength={DESCRIPTION_MAX} {...form.field('descricao')} />
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
    </FormDialogForm>
  );
}
