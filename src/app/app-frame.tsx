import { Box, Button, Container, Flex, HStack, SkipNavContent, SkipNavLink, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { rememberPath } from '../session/last-path.ts';
import { signOut, useSession } from '../session/store.ts';
import { LogoutIcon } from '../ui/icons.tsx';

/** The frame of every signed-in page: product title, who is signed in, Sair, and the page. */
export function AppFrame() {
  const session = useSession();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (session.token) rememberPath(pathname + search);
  }, [pathname, search, session.token]);

  // The session can end while a page is open (Sair, a 401, another tab): leave for the login.
  if (!session.token) return <Navigate to="/auth/login" replace />;

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipNavLink>Pular para o conteúdo</SkipNavLink>
      <Box as="header" bg="bg" borderBottomWidth="1px" borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Container maxW="7xl" py="3" px={{ base: '4', md: '6' }}>
          <HStack gap="4" justify="space-between">
            <Stack gap="0" minW="0">
              <Text fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }} color="colorPalette.fg" truncate>
                Cidade Empreendedora
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate title={session.user.nome}>
                {session.user.nome}
              </Text>
            </Stack>
            <HStack gap="2" flexShrink="0">
              <Button asChild size="sm" variant="ghost">
                <RouterLink to="/usuario/atualizar-senha">Alterar senha</RouterLink>
              </Button>
              <Button size="sm" variant="outline" onClick={() => signOut()}>
                <LogoutIcon />
                Sair
              </Button>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <SkipNavContent />
      <Box as="main" flex="1">
        <Container maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '4', md: '6' }}>
          <Outlet />
        </Container>
      </Box>
    </Flex>
  );
}
