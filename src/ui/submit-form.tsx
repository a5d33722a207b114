import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { useFormSubmit } from './form.ts';
import { ServerAlert } from './server-alert.tsx';

type FormSubmit = ReturnType<typeof useFormSubmit>;

type SubmitFormProps = Pick<FormSubmit, 'formRef' | 'serverError' | 'handleSubmit'> & { children: ReactNode };

/**
 * The form of a useFormSubmit screen: the browser's own validation off (the schema's pt-BR messages
 * show instead), and the server's refusal above the fields, where focus lands after a failed save.
 */
export function SubmitForm({ formRef, serverError, handleSubmit, children }: SubmitFormProps) {
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="5">
        {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
        {children}
      </Stack>
    </form>
  );
}

/** The submit button of a form that saves: "Salvar" unless told, "Salvando…" while it runs. */
export function SaveButton({ pending, children = 'Salvar' }: { pending: boolean; children?: ReactNode }) {
  return (
    <Button type="submit" loading={pending} loadingText="Salvando…">
      {children}
    </Button>
  );
}
