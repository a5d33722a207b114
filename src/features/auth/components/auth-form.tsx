import { Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppLink } from '../../../ui/app-link.tsx';
import type { useFormSubmit } from '../../../ui/form.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';

/** The way back from a signed-out screen. */
export function BackToLogin() {
  return (
    <Text>
      <AppLink to="/auth/login">Voltar para o login</AppLink>
    </Text>
  );
}

type FormSubmit = ReturnType<typeof useFormSubmit>;

/** The form's pieces as useFormSubmit returns them (spread them in), and its buttons' words. */
type AuthFormProps = Pick<FormSubmit, 'formRef' | 'pending' | 'serverError' | 'handleSubmit'> & {
  submitText: string;
  pendingText: string;
  children: ReactNode;
};

/** A signed-out screen's form (request a link, set a new password): the server's error first, the fields, send, and the way back. */
export function AuthForm({ formRef, pending, serverError, handleSubmit, submitText, pendingText, children }: AuthFormProps) {
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="5">
        {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
        {children}
        <Button type="submit" size="lg" loading={pending} loadingText={pendingText}>
          {submitText}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
