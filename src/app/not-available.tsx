import { Alert, Stack } from '@chakra-ui/react';
import { AppLink } from '../ui/app-link.tsx';
import { PageTitle } from '../ui/page-title.tsx';

export const NOT_AVAILABLE = 'Esta tela ainda não está disponível';

/** A screen the spec names that the product does not have yet (see spec-routes.ts). */
export function NotAvailableScreen() {
  return (
    <Stack gap="4" align="start">
      <PageTitle parts={['Tela indisponível']} />
      <Alert.Root status="info" role="status" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{NOT_AVAILABLE}</Alert.Title>
          <Alert.Description>Ela faz parte do programa e chegará numa próxima versão do aplicativo.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <AppLink to="/cidade">Voltar para o início</AppLink>
    </Stack>
  );
}
