import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { apiErrorBody } from '../lib/api-errors.ts';
import type { CommandFailure } from '../lib/command-result.ts';
import type * as z from 'zod/mini';
import { sameValue, useUnsavedChanges } from './unsaved-changes.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each field, keyed by the top-level field name. */
export function fieldErrorsFromIssues<K extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>,
): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    // Server issues name the request part first ("body.senha"); zod issues start at the field.
    const key = typeof issue.path === 'string' ? issue.path.replace(/^(body|query|params)\./, '').split('.')[0] : issue.path[0];
    if (typeof key === 'string' && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as FieldErrors<K>;
}

type FormSchema = z.ZodMiniType<unknown, Record<string, unknown>>;

/**
 * Form values validated with a shared zod schema. Errors appear on submit; after the first submit
 * each change re-validates, so a message disappears as soon as the field is fixed.
 *
 * A screen that must open without zod (the login page) passes a function that loads the schema
 * instead: it loads when the form is first focused (`onFocus` on the form), or at the latest on
 * submit, and `submit` then answers with a promise.
 */
export function useSchemaForm<S extends FormSchema>(schema: S, initial: z.input<S>): SchemaForm<S, z.output<S> | null>;
export function useSchemaForm<S extends FormSchema>(
  load: () => Promise<S>,
  initial: z.input<S>,
): SchemaForm<S, Promise<z.output<S> | null>> & { onFocus: () => void };
export function useSchemaForm<S extends FormSchema>(source: S | (() => Promise<S>), initial: z.input<S>) {
  type Values = z.input<S>;
  type Key = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitted, setSubmitted] = useState(false);
  const [schema, setSchema] = useState<S | null>(() => (typeof source === 'function' ? null : source));
  const loading = useRef<Promise<S> | null>(null);
  // The first `initial` is the baseline: callers may pass a fresh object on every render.
  const [initialValues] = useState(initial);
  useUnsavedChanges(!sameValue(values, initialValues));

  const load = useCallback((): Promise<S> => {
    if (schema) return Promise.resolve(schema);
    loading.current ??= (source as () => Promise<S>)().then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    });
    return loading.current;
  }, [schema, source]);

  const validate = useCallback((current: S, next: Values) => {
    const result = current.safeParse(next);
    const nextErrors = result.success ? {} : fieldErrorsFromIssues<Key>(result.error.issues);
    setErrors(nextErrors);
    return result.success ? (result.data as z.output<S>) : null;
  }, []);

  const setValue = useCallback(
    <F extends Key>(field: F, value: Values[F]) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted && schema) validate(schema, next);
    },
    [schema, submitted, validate, values],
  );

  /** Validates everything; returns the parsed data, or null after showing the errors. */
  const submit = useCallback(() => {
    setSubmitted(true);
    if (schema) return validate(schema, values);
    return load().then((loaded) => validate(loaded, values));
  }, [load, schema, validate, values]);

  /** The value, change handler, error and name of one text field, to spread on a TextField or PasswordField. */
  const field = <F extends Key>(name: F) => ({
    name,
    value: values[name],
    onValueChange: (value: Values[F]) => setValue(name, value),
    error: errors[name],
  });

  return { values, errors, setValue, setErrors, submit, field, onFocus: () => void load() };
}

type SchemaForm<S extends FormSchema, Submitted> = {
  values: z.input<S>;
  errors: FieldErrors<Extract<keyof z.input<S>, string>>;
  setValue: <F extends Extract<keyof z.input<S>, string>>(field: F, value: z.input<S>[F]) => void;
  setErrors: (errors: FieldErrors<Extract<keyof z.input<S>, string>>) => void;
  submit: () => Submitted;
  field: <F extends Extract<keyof z.input<S>, string>>(
    name: F,
  ) => { name: F; value: z.input<S>[F]; onValueChange: (value: z.input<S>[F]) => void; error: string | undefined };
};

export type SubmittableForm<T> = { submit: () => T | null | Promise<T | null>; setErrors: (errors: FieldErrors<string>) => void };

/**
 * The one submit flow of every form: validate with the shared schema (focus the first bad field),
 * send, and on failure show the server's pt-BR message and field issues while keeping everything
 * the user typed. A signed-in form's `send` calls its command with `{ inline: true }` and returns
 * the failure (an ended session, already said by the API client, is not repeated).
 */
export function useFormSubmit<T>(form: SubmittableForm<T>, send: (data: T) => Promise<void | CommandFailure>, fallbackMessage: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = await form.submit();
    if (data === null) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setServerError(null);
    setPending(true);
    try {
      // A command called with { inline: true } (src/data/command.ts) answers its failure, already sorted.
      const failure = await send(data);
      if (failure && failure.reason !== 'session') {
        if (failure.reason === 'invalid') form.setErrors(fieldErrorsFromIssues(failure.issues));
        setServerError(failure.message);
        focusFirstInvalid(formRef.current);
      }
    } catch (error) {
      // Only the sign-in forms' sends throw (no session yet, so none can have ended): every signed-in
      // write is a command, whose failure comes back sorted above.
      const body = apiErrorBody(error);
      if (body?.issues?.length) form.setErrors(fieldErrorsFromIssues(body.issues));
      setServerError(body?.message ?? fallbackMessage);
      focusFirstInvalid(formRef.current);
    } finally {
      setPending(false);
    }
  }

  return { formRef, pending, serverError, handleSubmit };
}

/** What useFormSubmit gives a form: its element ref, the submit handler, the running save and the server's message. */
export type FormSubmit = ReturnType<typeof useFormSubmit>;

/** Moves focus to the first invalid control of a form once the error state has rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
