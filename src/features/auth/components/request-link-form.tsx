import { Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { requestPasswordLinkSchema } from '../../../domain/session.ts';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { AuthForm, BackToLogin } from './auth-form.tsx';
import { LoginField } from './login-field.tsx';

const CONNECTION_FAILED = 'Não foi possível enviar o pedido. Verifique sua conexão e tente novamente.';

type RequestLinkFormProps = {
  /** Sends the request and resolves with the server's message. */
  request: (login: string) => Promise<string>;
};

/** The "e-mail or CPF → we send you a link" form of the lost-password and first-access screens. */
export function RequestLinkForm({ request }: RequestLinkFormProps) {
  const form = useSchemaForm(requestPasswordLinkSchema, { login: '' });
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const submit = useFormSubmit(form, async (data) => setSentMessage(await request(data.login)), CONNECTION_FAILED);

  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);

  if (sentMessage) {
    return (
      <Stack gap="5">
        <ServerAlert ref={sentRef} status="success">
          {sentMessage}
        </ServerAlert>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <AuthForm {...submit} submitText="Enviar link" pendingText="Enviando…">
      <LoginField {...form.field('login')} />
    </AuthForm>
  );
}
