import { AuthLayout } from '../components/auth-layout.tsx';
import { RequestLinkForm } from '../components/request-link-form.tsx';
import { authData } from '../data.ts';

export function LostPasswordScreen() {
  return (
    <AuthLayout
      title="Esqueci minha senha"
      description="Informe seu e-mail ou CPF. Se houver uma conta com esses dados, enviaremos por e-mail um link para você criar uma nova senha."
    >
      <RequestLinkForm request={authData.requestPasswordRecovery} />
    </AuthLayout>
  );
}
