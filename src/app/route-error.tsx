import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { PageTitle } from '../ui/page-title.tsx';

/**
 * Shown when a screen fails to load or render. The usual cause is a new version deployed while the
 * page was open (its old code chunks are gone), which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" px="4">
      <PageTitle parts={['Erro']} />
      <Stack gap="4" maxW="md" textAlign="center" align="center" role="alert">
        <Heading as="h1" size="xl">
          Não foi possível abrir esta página
        </Heading>
        <Text color="fg.muted">Verifique sua conexão e tente novamente. Se o problema continuar, recarregue o aplicativo.</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Flex>
  );
}
