import { SimpleGrid } from '@chakra-ui/react';
import { useRef, type RefObject } from 'react';
import { COST_CATEGORIES, COST_CATEGORY_LABELS, costInputSchema, type CostCategory, type CostRow } from '../../../domain/sala-cost.ts';
import { SALA_SERVICES, type SalaService } from '../../../domain/sala-time.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { MoneyInput } from '../../../ui/masked-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { costs } from '../data.ts';

const CATEGORY_OPTIONS = COST_CATEGORIES.map((value) => ({ value, label: COST_CATEGORY_LABELS[value] }));
const SERVICE_OPTIONS = SALA_SERVICES.map((value) => ({ value, label: value }));

export type CostDialogProps = { open: boolean; onClose: () => void; municipioId: number; cost: CostRow | null };

export function CostDialog({ open, onClose, municipioId, cost }: CostDialogProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef}>
      <CostForm key={cost?.salaCustoId ?? 'novo'} municipioId={municipioId} cost={cost} onClose={onClose} firstRef={firstRef} />
    </FormDialog>
  );
}

function CostForm({
  municipioId,
  cost,
  onClose,
  firstRef,
}: Omit<CostDialogProps, 'open'> & { firstRef: RefObject<HTMLInputElement | null> }) {
  const form = useSchemaForm(costInputSchema, {
    municipioId,
    categoria: cost?.categoria ?? ('' as CostCategory),
    servico: cost?.servico ?? null,
    descricao: cost?.descricao ?? '',
    data: cost?.data ?? '',
    valor: cost?.valor ?? (null as unknown as number),
  });
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = cost
        ? await costs.update({ ...data, salaCustoId: cost.salaCustoId }, { inline: true })
        : await costs.create(data, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(cost ? 'Custo atualizado com sucesso' : 'Custo cadastrado com sucesso');
      onClose();
    },
    'Não foi possível salvar o custo.',
  );
  const { values, errors, setValue } = form;
  return (
    <FormDialogForm title={cost ? 'Editar custo' : 'Novo custo'} onClose={onClose} submit={submit}>
      <TextField ref={firstRef} label="Descrição" required maxLength={300} {...form.field('descricao')} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField<CostCategory>
          label="Categoria"
          required
          name="categoria"
          placeholder="Escolha a categoria"
          options={CATEGORY_OPTIONS}
          value={values.categoria}
          onValueChange={(v) => setValue('categoria', v as CostCategory)}
          error={errors.categoria}
        />
        <SelectField<SalaService>
          label="Serviço"
          name="servico"
          placeholder="Custo geral da sala"
          options={SERVICE_OPTIONS}
          value={values.servico ?? ''}
          onValueChange={(v) => setValue('servico', v === '' ? null : v)}
          error={errors.servico}
        />
        <DateField label="Data" required name="data" value={values.data} onValueChange={(v) => setValue('data', v)} error={errors.data} />
        <MoneyInput
          label="Valor"
          required
          name="valor"
          value={typeof values.valor === 'number' ? values.valor : null}
          onValueChange={(cents) => setValue('valor', cents as number)}
          error={errors.valor}
        />
      </SimpleGrid>
    </FormDialogForm>
  );
}
