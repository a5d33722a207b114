import { SimpleGrid } from '@chakra-ui/react';
import { useRef, type RefObject } from 'react';
import { PLAN_STATUS_LABELS, PLAN_STATUSES, planInputSchema, type Plan, type PlanStatus } from '../../../domain/sala-5w2h.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { DigitsInput, MoneyInput } from '../../../ui/masked-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { plans } from '../data.ts';

export type PlanDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  /** The plan to edit; null to register one. */
  plan: Plan | null;
};

const STATUS_OPTIONS = PLAN_STATUSES.map((value) => ({ value, label: PLAN_STATUS_LABELS[value] }));

/** Spec §9: 800 px for a form with many fields. The seven questions of 5W2H, then the status and progress. */
export function PlanDialog({ open, onClose, municipioId, plan }: PlanDialogProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef} width={800}>
      <PlanForm key={plan?.sala5w2hId ?? 'novo'} municipioId={municipioId} plan={plan} onClose={onClose} firstRef={firstRef} />
    </FormDialog>
  );
}

type FormProps = Omit<PlanDialogProps, 'open'> & { firstRef: RefObject<HTMLInputElement | null> };

function PlanForm({ municipioId, plan, onClose, firstRef }: FormProps) {
  const form = useSchemaForm(planInputSchema, {
    municipioId,
    oQue: plan?.oQue ?? '',
    porQue: plan?.porQue ?? '',
    onde: plan?.onde ?? '',
    quando: plan?.quando ?? '',
    quem: plan?.quem ?? '',
    como: plan?.como ?? '',
    quanto: plan?.quanto ?? (null as unknown as number),
    status: plan?.status ?? 'nao-iniciado',
    progresso: plan?.progresso ?? 0,
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      if (plan) {
        // Through the outbox: saved on the device at once, sent now or when the connection is back.
        const queued = await plans.update({ ...data, sala5w2hId: plan.sala5w2hId }, { municipioId });
        if (!queued.ok) return queued;
        notifySuccess(
          navigator.onLine ? 'Plano de ação atualizado com sucesso' : 'Plano de ação salvo no aparelho; será enviado quando houver conexão',
        );
      } else {
        const saved = await plans.create(data, { inline: true });
        if (!saved.ok) return saved;
        notifySuccess('Plano de ação cadastrado com sucesso');
      }
      onClose();
    },
    'Não foi possível salvar o plano de ação.',
  );
  const { values, errors, setValue } = form;

  return (
    <FormDialogForm title={plan ? 'Editar plano de ação' : 'Novo plano de ação'} onClose={onClose} submit={submit}>
      <TextField ref={firstRef} label="O quê? (What)" required maxLength={300} {...form.field('oQue')} />
      <TextAreaField label="Por quê? (Why)" required maxLength={1000} {...form.field('porQue')} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Onde? (Where)" required maxLength={300} {...form.field('onde')} />
        <DateField
          label="Quando? (When)"
          required
          name="quando"
          value={values.quando}
          onValueChange={(v) => setValue('quando', v)}
          error={errors.quando}
        />
        <TextField label="Quem? (Who)" required maxLength={200} {...form.field('quem')} />
        <MoneyInput
          label="Quanto? (How much)"
          required
          name="quanto"
          value={typeof values.quanto === 'number' ? values.quanto : null}
          onValueChange={(cents) => setValue('quanto', cents as number)}
          error={errors.quanto}
        />
      </SimpleGrid>
      <TextAreaField label="Como? (How)" required maxLength={1000} {...form.field('como')} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField<PlanStatus>
          label="Situação"
          required
          name="status"
          options={STATUS_OPTIONS}
          value={values.status}
          onValueChange={(v) => {
            if (!v) return;
            setValue('status', v);
            // A concluded plan is done: its progress follows.
            if (v === 'concluido') setValue('progresso', 100);
          }}
          error={errors.status}
        />
        <DigitsInput
          label="Progresso (%)"
          required
          name="progresso"
          maxDigits={3}
          value={String(values.progresso ?? '')}
          onValueChange={(text) => setValue('progresso', text === '' ? Number.NaN : Number(text))}
          error={errors.progresso}
        />
      </SimpleGrid>
    </FormDialogForm>
  );
}
