import { Alert, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FlagKey } from '../domain/permission-flags.ts';
import { canManage } from '../domain/permissions.ts';
import { useSession } from '../session/store.ts';
import { AppLink } from './app-link.tsx';
import { PageTitle } from './page-title.tsx';

export const NO_PERMISSION = 'Você não tem permissão para acessar esta página.';

/** Said in place of a screen the user may not open, so a typed URL never ends on a blank page. */
export function NoPermission({ message = NO_PERMISSION }: { message?: string }) {
  return (
    <Stack gap="4" align="start">
      <PageTitle parts={['Sem permissão']} />
      <Alert.Root status="warning" role="alert" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          <Alert.Description>Se precisar deste acesso, fale com um administrador.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <AppLink to="/cidade">Voltar para o início</AppLink>
    </Stack>
  );
}

/**
 * The rule the server applies to an administration screen's endpoints (`canManage`). Hiding the
 * screen is a courtesy; the server still refuses every call.
 */
export function AccessGate({ flag, children }: { flag: FlagKey; children: ReactNode }) {
  const session = useSession();
  if (session.user && canManage({ usuario: session.user, config: session.config }, flag)) return children;
  return <NoPermission />;
}
