import { useRef } from 'react';
import { z } from 'zod';
import {
  activityFormSchema,
  activityValues,
  interruptionSchema,
  phaseFormSchema,
  type Activity,
  type Phase,
} from '../../../domain/reference-term.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { referenceTerms } from '../data.ts';

const SAVED = 'Salvo com sucesso.';
const FAILED = 'Não foi possível salvar. Verifique sua conexão e tente novamente.';

/** What a dialog edits: a new or existing phase, a new or existing activity of a phase, or an interruption. */
export type TermDialog =
  | { kind: 'phase'; phase: Phase | null }
  | { kind: 'activity'; faseId: number; activity: Activity | null }
  | { kind: 'interrupt'; target: 'phase' | 'activity'; id: number; nome: string };

export function TermDialogs({ dialog, municipioId, words, onClose }: { dialog: TermDialog | null; municipioId: number; words: TermWords; onClose: () => void }) {
  const first = useRef<HTMLInputElement>(null);
  const key = !dialog
    ? 'none'
    : dialog.kind === 'phase'
      ? `f${dialog.phase?.faseId ?? 'new'}`
      : dialog.kind === 'activity'
        ? `a${dialog.activity?.atividadeId ?? `new${dialog.faseId}`}`
        : `i${dialog.target}${dialog.id}`;
  return (
    <FormDialog open={dialog !== null} onClose={onClose} initialFocusRef={first}>
      {dialog?.kind === 'phase' && <PhaseForm key={key} phase={dialog.phase} municipioId={municipioId} words={words} first={first} onClose={onClose} />}
      {dialog?.kind === 'activity' && (
        <ActivityForm key={key} faseId={dialog.faseId} activity={dialog.activity} words={words} first={first} onClose={onClose} />
      )}
      {dialog?.kind === 'interrupt' && <InterruptForm key={key} dialog={dialog} first={first} onClose={onClose} />}
    </FormDialog>
  );
}

/** "Fase"/"Atividade" as the mode says them (Gov: Fases/Atividades). */
export type TermWords = { phase: string; activity: string };

type FormProps = { first: React.RefObject<HTMLInputElement | null>; onClose: () => void };

function PhaseForm({ phase, municipioId, words, first, onClose }: FormProps & { phase: Phase | null; municipioId: number; words: TermWords }) {
  const form = useSchemaForm(phaseFormSchema, { nome: phase?.nome ?? '', descricao: phase?.descricao ?? '' });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = phase
        ? await referenceTerms.phase.update({ faseId: phase.faseId, ...data }, { inline: true })
        : await referenceTerms.phase.create({ municipioId, ...data }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(SAVED);
      onClose();
    },
    FAILED,
  );
  return (
    <FormDialogForm title={phase ? `Editar ${words.phase.toLowerCase()}` : `Adicionar ${words.phase.toLowerCase()}`} onClose={onClose} submit={submit}>
      <TextField ref={first} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextAreaField label="Descrição" maxLength={2000} {...form.field('descricao')} />
    </FormDialogForm>
  );
}

function ActivityForm({ faseId, activity, words, first, onClose }: FormProps & { faseId: number; activity: Activity | null; words: TermWords }) {
  const form = useSchemaForm(activityFormSchema, {
    nome: activity?.nome ?? '',
    descricao: activity?.descricao ?? '',
    inicio: activity?.inicio ?? '',
    fim: activity?.fim ?? '',
    horas: activity?.horas === null || activity?.horas === undefined ? '' : String(activity.horas).replace('.', ','),
    responsavel: activity?.responsavel ?? '',
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const values = activityValues(data);
      const saved = activity
        ? await referenceTerms.activity.update({ atividadeId: activity.atividadeId, ...values }, { inline: true })
        : await referenceTerms.activity.create({ faseId, ...values }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(SAVED);
      onClose();
    },
    FAILED,
  );
  return (
    <FormDialogForm
      title={activity ? `Editar ${words.activity.toLowerCase()}` : `Adicionar ${words.activity.toLowerCase()}`}
      onClose={onClose}
      submit={submit}
    >
      <TextField ref={first} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextAreaField label="Descrição" maxLength={2000} {...form.field('descricao')} />
      <DateField label="Início" {...form.field('inicio')} value={form.field('inicio').value ?? ''} />
      <DateField label="Fim" {...form.field('fim')} value={form.field('fim').value ?? ''} />
      <TextField label="Horas" inputMode="decimal" autoComplete="off" maxLength={10} {...form.field('horas')} />
      <TextField label="Responsável" autoComplete="off" maxLength={200} {...form.field('responsavel')} />
    </FormDialogForm>
  );
}

const reasonSchema = z.object({ motivo: z.string().trim().min(1, 'Informe o motivo da interrupção.').max(2000) });

function InterruptForm({ dialog, first, onClose }: FormProps & { dialog: Extract<TermDialog, { kind: 'interrupt' }> }) {
  const form = useSchemaForm(reasonSchema, { motivo: '' });
  const submit = useFormDialogSubmit(
    form,
    async ({ motivo }) => {
      const body = { id: dialog.id, ...interruptionSchema.parse({ interrompida: true, motivo }) };
      const saved = dialog.target === 'phase' ? await referenceTerms.phase.interrupt(body, { inline: true }) : await referenceTerms.activity.interrupt(body, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(SAVED);
      onClose();
    },
    FAILED,
  );
  return (
    <FormDialogForm title={`Interromper: ${dialog.nome}`} onClose={onClose} submit={submit} submitLabel="Interromper" submitPalette="red">
      <TextField ref={first} label="Motivo da interrupção" required autoComplete="off" maxLength={2000} {...form.field('motivo')} />
    </FormDialogForm>
  );
}
