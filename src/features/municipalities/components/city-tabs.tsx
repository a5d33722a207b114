import { Box, chakra, HStack } from '@chakra-ui/react';
import { createContext } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { CityTab } from '../../../domain/city-tabs.ts';
import { CITY_PATHS } from '../paths.ts';

/**
 * Route patterns that exist, for hiding tabs of screens not built yet. This feature only knows its
 * own routes; the app can provide its full list (available-paths.ts) so tabs served by other
 * features appear as soon as their screens do.
 */
export const AvailablePathsContext = createContext<readonly string[]>(Object.values(CITY_PATHS));

/** The active tab is the longest href the current path starts with (grupo/3 keeps "Grupos" active). */
function activeTabId(tabs: readonly CityTab[], pathname: string): string | null {
  let best: CityTab | null = null;
  for (const tab of tabs) {
    const matches = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
    if (matches && (!best || tab.href.length > best.href.length)) best = tab;
  }
  return best?.id ?? null;
}

const TabLink = chakra(RouterLink);

/**
 * The city header tabs as a navigation landmark of links (they change the page, they do not switch
 * panels in place), the current one marked with aria-current. On narrow screens the row wraps: a
 * strip scrolled sideways cut the last tab ("Observaç…") with no sign that more followed.
 */
export function CityTabs({ tabs, label }: { tabs: readonly CityTab[]; label: string }) {
  const { pathname } = useLocation();
  const active = activeTabId(tabs, pathname);

  if (tabs.length === 0) return null;

  return (
    <Box as="nav" aria-label={label} borderBottomWidth="1px" mx={{ base: '-4', md: '0' }}>
      <HStack as="ul" listStyleType="none" gap="0" px={{ base: '2', md: '0' }} flexWrap="wrap">
        {tabs.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id}>
              <TabLink
                to={tab.href}
                aria-current={current ? 'page' : undefined}
                display="inline-flex"
                alignItems="center"
                minH="11"
                px="3"
                whiteSpace="nowrap"
                fontWeight="medium"
                color={current ? 'colorPalette.fg' : 'fg.muted'}
                borderBottomWidth="3px"
                borderBottomColor={current ? 'colorPalette.solid' : 'transparent'}
                mb="-1px"
                _hover={{ color: 'fg', borderBottomColor: current ? 'colorPalette.solid' : 'border.emphasized' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px', rounded: 'l2' }}
              >
                {tab.label}
              </TabLink>
            </li>
          );
        })}
      </HStack>
    </Box>
  );
}
