import { Checkbox, Grid } from '@chakra-ui/react';
import { useMemo, useRef, type RefObject } from 'react';
import { z } from 'zod';
import { keepAlpha, keepDecimal, keepDigits, numberFromText, textFromNumber } from '../../../domain/register-fields.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { Combo, type ComboOption } from '../../../ui/combo.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { useSchemaForm, type FormSubmit } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { centsFromReais, reaisFromCents } from '../../../ui/mask-logic.ts';
import { MoneyInput } from '../../../ui/masked-input.tsx';
import { registerData } from './data.ts';
import type { RegisterDeclaration, RegisterField, RegisterOptions } from './declaration.ts';
import { genderOf, nounOf, saveFailureOf, savedMessage } from './wording.ts';

type Values = Record<string, unknown>;

/**
 * The form's schema: the domain's, with each numeric field read from its text first, so the same
 * rules (and pt-BR messages) as the server's apply to what was typed. Built once per declaration.
 */
const formSchemas = new WeakMap<object, z.ZodType>();
function formSchemaOf(declaration: RegisterDeclaration<unknown, Values>): z.ZodType {
  const form = declaration.form!;
  let schema = formSchemas.get(form);
  if (!schema) {
    const shape = form.schema.shape as Record<string, z.ZodType>;
    const numeric = form.fields.filter((f) => f.kind === 'integer' || f.kind === 'decimal').map((f) => f.name);
    // safeExtend keeps the schema's refinements (e.g. a contract's end not before its start).
    const money = form.fields.filter((f) => f.kind === 'money').map((f) => f.name);
    schema = form.schema.safeExtend({
      ...Object.fromEntries(numeric.map((name) => [name, z.preprocess(numberFromText, shape[name]!)])),
      // The money field holds cents; empty stays undefined so "required" can say so.
      ...Object.fromEntries(
        money.map((name) => [name, z.preprocess((cents) => (typeof cents === 'number' ? reaisFromCents(cents) : undefined), shape[name]!)]),
      ),
    });
    formSchemas.set(form, schema);
  }
  return schema;
}

/** The form's starting values: numbers become the text their field shows. */
function initialValues(declaration: RegisterDeclaration<unknown, Values>, row: unknown): Values {
  const form = declaration.form!;
  const values: Values = { ...form.initial(row) };
  for (const field of form.fields) {
    if (field.kind === 'integer' || field.kind === 'decimal') values[field.name] = textFromNumber(values[field.name]);
    if (field.kind === 'money') {
      const reais = values[field.name];
      values[field.name] = typeof reais === 'number' ? centsFromReais(reais) : null;
    }
  }
  return values;
}

export type RegisterFormDialogProps<Row> = {
  declaration: RegisterDeclaration<Row, Values>;
  words: Vocabulary;
  open: boolean;
  onClose: () => void;
  /** null registers a new record. */
  row: Row | null;
  onSaved: (row: Row) => void;
};

/** The create/edit dialog of a register (600 or 800 px, spec §9): its fields, the domain schema, Cancelar/Salvar. */
export function RegisterFormDialog<Row>({ declaration, words, open, onClose, row, onSaved }: RegisterFormDialogProps<Row>) {
  const firstRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={firstRef} width={declaration.form?.width}>
      <RegisterFormBody
        key={row ? declaration.idOf(row) : 'novo'}
        declaration={declaration}
        words={words}
        row={row}
        onClose={onClose}
        onSaved={onSaved}
        firstRef={firstRef}
      />
    </FormDialog>
  );
}

type BodyProps<Row> = Omit<RegisterFormDialogProps<Row>, 'open'> & { firstRef: RefObject<HTMLInputElement | null> };

function RegisterFormBody<Row>({ declaration, words, row, onClose, onSaved, firstRef }: BodyProps<Row>) {
  const d = declaration as RegisterDeclaration<unknown, Values>;
  const form = useRegisterForm(d, row);
  const noun = nounOf(declaration, words);
  const failure = saveFailureOf(noun, genderOf(declaration, words));
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      const saved = await registerData.saveRecord({ declaration, values: data as Values, row }, { inline: true, failure });
      if (!saved.ok) return saved;
      notifySuccess(savedMessage(noun, genderOf(declaration, words), row === null));
      onSaved(saved.data);
      onClose();
    },
    failure.message,
  );
  const title = row ? `Editar ${noun}` : `Cadastrar ${noun}`;
  return (
    <FormDialogForm title={title} onClose={onClose} submit={submit}>
      <RegisterFields declaration={d} form={form} firstRef={firstRef} />
    </FormDialogForm>
  );
}

/** The form state of a register's record: useSchemaForm over the domain schema. */
export function useRegisterForm(declaration: RegisterDeclaration<unknown, Values>, row: unknown) {
  // The schema is checked as zod/mini by the form hook; the full zod object satisfies it.
  return useSchemaForm(formSchemaOf(declaration) as never as Parameters<typeof useSchemaForm>[0], initialValues(declaration, row) as never);
}

type FormLike = ReturnType<typeof useRegisterForm>;

/** Every field of the declaration, in order; shared by the dialog and the full-page form (/faixas/add). */
export function RegisterFields({
  declaration,
  form,
  firstRef,
}: {
  declaration: RegisterDeclaration<unknown, Values>;
  form: FormLike;
  firstRef?: RefObject<HTMLInputElement | null>;
}) {
  const values = form.values as Values;
  const fields = declaration.form!.fields.filter((f) => f.visible?.(values) ?? true);
  return (
    <Grid templateColumns={{ base: '1fr', md: declaration.form!.width === 800 ? '1fr 1fr' : '1fr' }} gap="4">
      {fields.map((field, index) => (
        <Grid key={field.name} gridColumn={field.kind === 'textarea' || field.kind === 'multiselect' ? '1 / -1' : undefined}>
          <FieldInput field={field} form={form} inputRef={index === 0 ? firstRef : undefined} />
        </Grid>
      ))}
    </Grid>
  );
}

function FieldInput({
  field,
  form,
  inputRef,
}: {
  field: RegisterField<Values>;
  form: FormLike;
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
}) {
  const values = form.values as Values;
  const value = values[field.name];
  const error = (form.errors as Record<string, string | undefined>)[field.name];
  const set = (next: unknown) => (form.setValue as (name: string, value: unknown) => void)(field.name, next);
  const common = { label: field.label, required: field.required, error, helperText: field.helperText };

  switch (field.kind) {
    case 'text':
      return (
        <TextField
          ref={inputRef}
          {...common}
          name={field.name}
          autoComplete="off"
          maxLength={field.maxLength ?? 200}
          value={String(value ?? '')}
          onValueChange={(text) => set(field.alpha ? keepAlpha(text) : text)}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          label={field.label}
          required={field.required}
          error={error}
          name={field.name}
          maxLength={field.maxLength ?? 2000}
          value={String(value ?? '')}
          onValueChange={set}
        />
      );
    case 'integer':
      return (
        <TextField
          ref={inputRef}
          {...common}
          name={field.name}
          inputMode="numeric"
          autoComplete="off"
          value={String(value ?? '')}
          onValueChange={(text) => set(keepDigits(text, field.maxDigits))}
        />
      );
    case 'decimal':
      return (
        <TextField
          ref={inputRef}
          {...common}
          name={field.name}
          inputMode="decimal"
          autoComplete="off"
          value={String(value ?? '')}
          onValueChange={(text) => set(keepDecimal(text))}
        />
      );
    case 'money':
      return (
        <MoneyInput ref={inputRef} {...common} name={field.name} value={typeof value === 'number' ? value : null} onValueChange={set} />
      );
    case 'checkbox':
      return (
        <Checkbox.Root checked={value === true} onCheckedChange={(details) => set(details.checked === true)} name={field.name}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{field.label}</Checkbox.Label>
        </Checkbox.Root>
      );
    case 'choice':
      return (
        <SelectField
          {...common}
          name={field.name}
          options={field.choices}
          placeholder={field.placeholder ?? 'Selecione'}
          value={typeof value === 'string' ? value : ''}
          onValueChange={(next) => set(next === '' ? undefined : next)}
        />
      );
    case 'date':
      return <DateField {...common} name={field.name} value={String(value ?? '')} onValueChange={set} />;
    case 'select':
    case 'multiselect':
      return <OptionField field={field} value={value} error={error} set={set} />;
  }
}

function useOptions(source: RegisterOptions): { options: ReadonlyArray<ComboOption<number>>; loading: boolean } {
  const remote = registerData.useOptionList('fixed' in source ? null : source.read, 'fixed' in source ? z.array(z.unknown()) : source.schema);
  return useMemo(() => {
    if ('fixed' in source) return { options: source.fixed, loading: false };
    if (remote.status !== 'ready') return { options: [], loading: remote.status === 'loading' };
    const toOption = source.toOption as (item: unknown) => ComboOption<number> | null;
    return { options: remote.data.map(toOption).filter((o): o is ComboOption<number> => o !== null), loading: false };
  }, [source, remote]);
}

function OptionField({
  field,
  value,
  error,
  set,
}: {
  field: Extract<RegisterField<Values>, { kind: 'select' | 'multiselect' }>;
  value: unknown;
  error: string | undefined;
  set: (value: unknown) => void;
}) {
  const { options, loading } = useOptions(field.options);
  if (field.kind === 'select')
    return (
      <Combo<number>
        label={field.label}
        required={field.required}
        emptyText={field.emptyText}
        options={options}
        loading={loading}
        value={typeof value === 'number' ? value : null}
        onValueChange={(next) => set(next ?? undefined)}
        error={error}
        helperText={field.helperText}
        name={field.name}
      />
    );
  return (
    <Combo<number>
      multiple
      label={field.label}
      required={field.required}
      emptyText={field.emptyText}
      options={options}
      loading={loading}
      value={Array.isArray(value) ? (value as number[]) : []}
      onValueChange={set}
      maxChips={field.maxChips ?? 1}
      maxSelected={field.maxSelected}
      overflowNoun={field.overflowNoun}
      error={error}
      helperText={field.helperText}
      name={field.name}
    />
  );
}

export type { FormSubmit };
