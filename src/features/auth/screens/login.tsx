import { Button, HStack, Stack } from '@chakra-ui/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../../api/client.ts';
import { loginRequestSchema } from '../../../domain/session.ts';
import { lastPath } from '../../../session/last-path.ts';
import { signIn } from '../../../session/store.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../ui/form.ts';
import { PasswordField } from '../../../ui/password-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { login } from '../data.ts';

const CONNECTION_FAILED = 'Não foi possível entrar. Verifique sua conexão e tente novamente.';

export function LoginScreen() {
  const navigate = useNavigate();
  const form = useSchemaForm(loginRequestSchema, { login: '', senha: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const credentials = form.submit();
    if (!credentials) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setServerError(null);
    setPending(true);
    try {
      const response = await login(credentials);
      signIn(response);
      navigate(lastPath() ?? '/cidade', { replace: true });
    } catch (error) {
      // What was typed stays in the fields so the user can correct it instead of starting over.
      setServerError(apiErrorMessage(error, CONNECTION_FAILED));
      setPending(false);
    }
  }

  return (
    <AuthLayout title="Entrar" description="Acesse com seu e-mail ou CPF e sua senha.">
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
          <PasswordField
            label="Senha"
            name="senha"
            autoComplete="current-password"
            required
            value={form.values.senha}
            onValueChange={(value) => form.setValue('senha', value)}
            error={form.errors.senha}
          />
          <Button type="submit" size="lg" loading={pending} loadingText="Entrando…">
            Entrar
          </Button>
          <HStack justify="space-between" gap="4" wrap="wrap">
            <AppLink to="/auth/lost-password">Esqueci minha senha</AppLink>
            <AppLink to="/auth/primeiro-acesso">Primeiro acesso</AppLink>
          </HStack>
        </Stack>
      </form>
    </AuthLayout>
  );
}
