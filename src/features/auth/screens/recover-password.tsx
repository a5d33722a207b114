import { Stack } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { changePasswordWithTokenSchema } from '../../../domain/session.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { NewPasswordFields } from '../../../ui/new-password-fields.tsx';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { authData } from '../data.ts';

const CONNECTION_FAILED = 'Não foi possível salvar a senha. Verifique sua conexão e tente novamente.';

export function RecoverPasswordScreen() {
  const { token = '' } = useParams();
  const check = authData.usePasswordToken(token);

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
  const submit = useFormSubmit(
    form,
    async (data) => {
      await authData.changePasswordWithToken(data);
      notifySuccess('Senha alterada com sucesso');
      navigate('/auth/login', { replace: true });
    },
    CONNECTION_FAILED,
  );

  return (
    <AuthForm {...submit} submitText="Salvar senha" pendingText="Salvando…">
      <NewPasswordFields email={email} senha={form.field('senha')} confirmacao={form.field('confirmacao')} />
    </AuthForm>
  );
}
