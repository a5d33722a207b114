import { Button, HStack, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { lastPath } from '../../../session/last-path.ts';
import { signIn } from '../../../session/store.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { PasswordField } from '../../../ui/password-field.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginField } from '../components/login-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';

// The login page opens without zod and without the HTTP client: both load while the user fills the
// form (its first focus), or at the latest on submit.
const loadLoginSchema = async () => (await import('../../../domain/session.ts')).loginRequestSchema;
const loadAuthData = () => import('../data.ts');

const CONNECTION_FAILED = 'Não foi possível entrar. Verifique sua conexão e tente novamente.';

export function LoginScreen() {
  const navigate = useNavigate();
  const form = useSchemaForm(loadLoginSchema, { login: '', senha: '' });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (credentials) => {
      const { login } = (await loadAuthData()).authData;
      signIn(await login(credentials));
      navigate(lastPath() ?? '/cidade', { replace: true });
    },
    CONNECTION_FAILED,
  );

  function prepareToSend() {
    form.onFocus();
    void loadAuthData();
  }

  return (
    <AuthLayout title="Entrar" description="Acesse com seu e-mail ou CPF e sua senha.">
      <form ref={formRef} noValidate onSubmit={handleSubmit} onFocus={prepareToSend}>
        <Stack gap="5">
          {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
          <LoginField {...form.field('login')} />
          <PasswordField label="Senha" autoComplete="current-password" required {...form.field('senha')} />
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
