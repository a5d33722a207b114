import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiErrorMessage } from '../../../api/client.ts';
import { requestPasswordLinkSchema } from '../../../domain/session.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../ui/form.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';

const CONNECTION_FAILED = 'Não foi possível enviar o pedido. Verifique sua conexão e tente novamente.';

type RequestLinkFormProps = {
  /** Sends the request and resolves with the server's message. */
  request: (login: string) => Promise<string>;
};

/** The "e-mail or CPF → we send you a link" form of the lost-password and first-access screens. */
export function RequestLinkForm({ request }: RequestLinkFormProps) {
  const form = useSchemaForm(requestPasswordLinkSchema, { login: '' });
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = form.submit();
    if (!data) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setServerError(null);
    setPending(true);
    try {
      setSentMessage(await request(data.login));
    } catch (error) {
      setServerError(apiErrorMessage(error, CONNECTION_FAILED));
    } finally {
      setPending(false);
    }
  }

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
        <TextField
          label="E-mail ou CPF"
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          value={form.values.login}
          onValueChange={(value) => form.setValue('login', value)}
          error={form.errors.login}
        />
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
