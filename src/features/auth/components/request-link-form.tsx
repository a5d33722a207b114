import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { requestPasswordLinkSchema } from '../../../domain/session.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
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
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => setSentMessage(await request(data.login)),
    CONNECTION_FAILED,
  );

  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);

  if (sentMessage) {
    return (
      <Stack gap="5">
        <ServerAlert ref={sentRef} status="success">
          {sentMessage}
        </ServerAlert>
        <Text>
          <AppLink to="/auth/login">Voltar para o login</AppLink>
        </Text>
      </Stack>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="5">
        {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
        <LoginField {...form.field('login')} />
        <Button type="submit" size="lg" loading={pending} loadingText="Enviando…">
          Enviar link
        </Button>
        <Text>
          <AppLink to="/auth/login">Voltar para o login</AppLink>
        </Text>
      </Stack>
    </form>
  );
}
