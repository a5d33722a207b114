import { AuthLayout } from '../components/auth-layout.tsx';
import { RequestLinkForm } from '../components/request-link-form.tsx';
import { authData } from '../data.ts';

export function FirstAccessScreen() {
  return (
    <AuthLayout
      title="Primeiro acesso"
      description="Informe o e-mail ou o CPF do seu cadastro. Enviaremos por e-mail um link para você criar sua senha de acesso."
    >
      <RequestLinkForm request={authData.requestFirstAccess} />
    </AuthLayout>
  );
}
