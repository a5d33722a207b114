import { Checkbox, Grid } from '@chakra-ui/react';
import { useMemo, useRef, type RefObject } from 'react';
import { hasFlag } from '../../../domain/permissions.ts';
import type { Solution } from '../../../domain/solutions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo, type ComboOption } from '../../../ui/combo.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { SolutionTypeCombo } from '../../../ui/entity-combos.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { DigitsInput, MaskedInput, MoneyInput } from '../../../ui/masked-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { catalogue } from '../data.ts';
import { maskHours, solutionFormSchema, solutionFormValues } from '../form-values.ts';
import { catalogueWording } from '../wording.ts';

export type SolutionDialogProps = {
  open: boolean;
  onClose: () => void;
  grupoSolucaoId: number;
  /** null registers a new solution. */
  solution: Solution | null;
  /** The solution types (spec §6: the combo shows only with verTipoSolucao). */
  types: ReadonlyArray<ComboOption<number>>;
  /** The people who may be the solution's product managers. */
  users: ReadonlyArray<ComboOption<number>>;
  usersLoading: boolean;
  /** Why the people could not be listed, shown under their field. */
  usersError: string | undefined;
  onSaved: () => void;
};

/** Spec §3 Solution: every field, custo/preço with verCustoPreco, tipo with verTipoSolucao, visit fields with monitoramento 2. */
export function SolutionDialog(props: SolutionDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={props.open} onClose={props.onClose} initialFocusRef={nameRef}>
      <SolutionForm key={props.solution?.solucaoId ?? 'nova'} {...props} nameRef={nameRef} />
    </FormDialog>
  );
}

const hoursProps = { mask: maskHours, inputMode: 'decimal' as const, autoComplete: 'off', maxW: '12rem' };

function SolutionForm({
  onClose,
  grupoSolucaoId,
  solution,
  types,
  users,
  usersLoading,
  usersError,
  onSaved,
  nameRef,
}: SolutionDialogProps & { nameRef: RefObject<HTMLInputElement | null> }) {
  const words = currentVocabulary();
  const failure = { message: `Não foi possível salvar a ${words.solution.singular.toLowerCase()}. Verifique sua conexão e tente novamente.` };
  const wording = catalogueWording(words);
  const ctx = usePermissionContext();
  const seesMoney = ctx !== null && hasFlag(ctx, 'verCustoPreco');
  const seesType = ctx !== null && hasFlag(ctx, 'verTipoSolucao');
  const schema = useMemo(() => solutionFormSchema(grupoSolucaoId), [grupoSolucaoId]);
  const form = useSchemaForm(schema, solutionFormValues(solution));
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await catalogue.saveSolution({ body: data, id: solution?.solucaoId ?? null }, { inline: true, failure });
      if (!saved.ok) return saved;
      notifySuccess(solution ? wording.solutionUpdated : wording.solutionCreated);
      onSaved();
      onClose();
    },
    failure.message,
  );
  const visits = form.values.monitoramento === '2';
  const custo = form.field('custo');
  const preco = form.field('preco');
  const tipo = form.field('solucaoTipoId');
  const managers = form.field('usuarioIds');

  return (
    <FormDialogForm
      title={solution ? `Editar ${words.solution.singular}` : `Cadastrar ${words.solution.singular}`}
      onClose={onClose}
      submit={submit}
    >
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextAreaField label="Descrição" maxLength={4000} {...form.field('descricao')} />
      {seesMoney && (
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <MoneyInput label="Custo" name="custo" value={custo.value} onValueChange={custo.onValueChange} error={custo.error} />
          <MoneyInput label="Preço" name="preco" value={preco.value} onValueChange={preco.onValueChange} error={preco.error} />
        </Grid>
      )}
      {seesType && (
        <SolutionTypeCombo<number>
          label={`Tipo de ${words.solution.singular.toLowerCase()}`}
          options={types}
          value={tipo.value}
          onValueChange={tipo.onValueChange}
          error={tipo.error}
        />
      )}
      <SelectField
        label="Monitoramento"
        required
        options={[
          { value: '1', label: words.task.plural },
          { value: '2', label: 'Visitas' },
        ]}
        {...form.field('monitoramento')}
        onValueChange={(value) => form.setValue('monitoramento', value === '2' ? '2' : '1')}
      />
      {visits && (
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <DigitsInput label="Visitas presenciais" maxDigits={5} {...form.field('visitasPresenciais')} />
          <MaskedInput
            label="Horas previstas das visitas presenciais"
            {...hoursProps}
            {...form.field('horasPrevistasVisitasPresenciais')}
          />
          <DigitsInput label="Trabalhos de escritório" maxDigits={5} {...form.field('trabalhosEscritorio')} />
          <MaskedInput
            label="Horas previstas dos trabalhos de escritório"
            {...hoursProps}
            {...form.field('horasPrevistasTrabalhosEscritorio')}
          />
        </Grid>
      )}
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        <DateField label="Data de início" {...form.field('dataInicio')} />
        <DateField label="Data de término" {...form.field('dataTermino')} />
      </Grid>
      <MaskedInput label="Carga horária" {...hoursProps} {...form.field('cargaHoraria')} />
      <Checkbox.Root
        checked={form.values.naoComputaHoras}
        onCheckedChange={(details) => form.setValue('naoComputaHoras', details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Não computa horas</Checkbox.Label>
      </Checkbox.Root>
      <Combo<number>
        multiple
        label="Gestores de produto"
        emptyText="Nenhum Usuário retornado"
        options={users}
        value={managers.value}
        onValueChange={managers.onValueChange}
        maxChips={1}
        loading={usersLoading}
        error={managers.error}
        helperText={usersError}
      />
    </FormDialogForm>
  );
}
