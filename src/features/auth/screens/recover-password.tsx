import { Button, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorBody } from '../../../api/client.ts';
import { changePasswordWithTokenSchema, PASSWORD_MIN } from '../../../domain/session.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { fieldErrorsFromIssues, focusFirstInvalid, useSchemaForm } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { PasswordField } from '../../../ui/password-field.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { changePasswordWithToken, usePasswordToken } from '../data.ts';

const CONNECTION_FAILED = 'Não foi possível salvar a senha. Verifique sua conexão e tente novamente.';

export function RecoverPasswordScreen() {
  const { token = '' } = useParams();
  const check = usePasswordToken(token);

  if (check.status === 'checking') {
    return (
      <AuthLayout title="Criar nova senha">
        <LoadingState label="Verificando o link…" />
      </AuthLayout>
    );
  }

  if (check.status === 'invalid') {
    return (
      <AuthLayout title="Criar nova senha">
        <Stack gap="5">
          <ServerAlert status="error">{check.message}</ServerAlert>
          <Stack gap="2">
            <AppLink to="/auth/lost-password">Pedir um novo link</AppLink>
            <AppLink to="/auth/login">Voltar para o login</AppLink>
          </Stack>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Criar nova senha" description={`Olá, ${check.nome}. Escolha a senha que você vai usar para entrar.`}>
      <NewPasswordForm token={token} email={check.email} />
    </AuthLayout>
  );
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm(changePasswordWithTokenSchema, { token, senha: '', confirmacao: '' });
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

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
      await changePasswordWithToken(data);
      notifySuccess('Senha alterada com sucesso');
      navigate('/auth/login', { replace: true });
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.issues?.length) {
        form.setErrors(fieldErrorsFromIssues(body.issues));
        focusFirstInvalid(formRef.current);
      }
      setServerError(body?.message ?? CONNECTION_FAILED);
      setPending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="5">
        {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Nova senha"
          name="senha"
          autoComplete="new-password"
          required
          helperText={`Mínimo de ${PASSWORD_MIN} caracteres.`}
          value={form.values.senha}
          onValueChange={(value) => form.setValue('senha', value)}
          error={form.errors.senha}
        />
        <PasswordField
          label="Confirmar senha"
          name="confirmacao"
          autoComplete="new-password"
          required
          value={form.values.confirmacao}
          onValueChange={(value) => form.setValue('confirmacao', value)}
          error={form.errors.confirmacao}
        />
        <Button type="submit" size="lg" loading={pending} loadingText="Salvando…">
          Salvar senha
        </Button>
        <Text>
          <AppLink to="/auth/login">Voltar para o login</AppLink>
        </Text>
      </Stack>
    </form>
  );
}
