// First: the recipes of every signed-in screen join the Chakra system before anything renders.
import './later-recipes.ts';
import { Box, Container, Flex, HStack, Image, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink, Navigate, Outlet } from 'react-router-dom';
import { flatMenu, isPathAvailable, menuTree, userMenu, visibleMenu } from '../domain/menu.ts';
import { canSwitchMunicipality } from '../domain/permissions.ts';
import { useSession } from '../session/store.ts';
import { currentVariant, signInPath } from '../session/variant.ts';
import { SyncBadge } from '../features/sync/components/sync-badge.tsx';
import { AvailablePathsContext } from '../features/municipalities/components/city-tabs.tsx';
import { availablePaths } from './available-paths.ts';
import { PtBrLocale } from './providers.tsx';
import { Footer } from './shell/footer.tsx';
import { MainNav } from './shell/main-nav.tsx';
import { MobileNav } from './shell/mobile-nav.tsx';
import { UserMenu } from './shell/user-menu.tsx';

// Only full admins and Operacoes have the switcher: the combobox code loads for them alone, not for
// the consultants and members who open the app on phones.
const MunicipalitySwitcher = lazy(async () => ({ default: (await import('./shell/municipality-switcher.tsx')).MunicipalitySwitcher }));

/** The frame of every signed-in page: logo, menus filtered by the permission rules, user menu, page, footer. */
export function AppFrame() {
  const session = useSession();
  const { variant } = currentVariant();

  const menu = useMemo(
    () => (session.user ? visibleMenu(menuTree(variant), { usuario: session.user, config: session.config }, { availablePaths }) : []),
    [session.user, session.config, variant],
  );

  // The session can end while a page is open (Sair, a 401, another tab): leave for the login.
  if (!session.token) return <Navigate to={signInPath()} replace />;

  return (
    <PtBrLocale>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <SkipNavLink>Pular para o conteúdo</SkipNavLink>
        <Box as="header" bg="bg" borderBottomWidth="1px" borderTopWidth="4px" borderTopColor="colorPalette.solid">
          <Container maxW="7xl" py="2" px={{ base: '3', md: '6' }}>
            <HStack gap="3" justify="space-between">
              <HStack gap="2" minW="0">
                <MobileNav items={flatMenu(menu)} />
                <RouterLink to="/cidade" aria-label={`${variant.title}: início`}>
                  {/* A phone has no room for the wide logo next to the menus: the square icon stands in. */}
                  <Image src={variant.icon} alt={variant.title} h="8" w="8" display={{ base: 'block', sm: 'none' }} />
                  <Image
                    src={variant.logo}
                    alt={variant.title}
                    h={{ base: '8', md: '10' }}
                    w="auto"
                    display={{ base: 'none', sm: 'block' }}
                  />
                </RouterLink>
              </HStack>
              <Box display={{ base: 'none', lg: 'block' }} flex="1" minW="0">
                <MainNav items={menu} />
              </Box>
              <HStack gap="2" flexShrink="0">
                {canSwitchMunicipality(session.user) && isPathAvailable('/cidade/1/geral', availablePaths) && (
                  <Suspense>
                    <MunicipalitySwitcher />
                  </Suspense>
                )}
                <SyncBadge />
                <UserMenu name={session.user.nome} items={userMenu(variant)} />
              </HStack>
            </HStack>
          </Container>
        </Box>
        <SkipNavContent />
        {/* At least a screen high: the footer is not painted under an empty main while the route loads, then pushed down (layout shift). */}
        <Box as="main" flex="1" minH="100dvh">
          <Container maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '4', md: '6' }}>
            {/* City tabs link to every screen the app serves, whichever feature serves it. */}
            <AvailablePathsContext.Provider value={availablePaths}>
              <Outlet />
            </AvailablePathsContext.Provider>
          </Container>
        </Box>
        <Footer />
      </Flex>
    </PtBrLocale>
  );
}
