import { Box, chakra, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

const TabLink = chakra(RouterLink);

export type NavTab = { id: string; label: string; href: string };

/**
 * A header's tabs as a navigation landmark of links (they change the page, they do not switch
 * panels in place), the current one marked with aria-current: the city's tabs and the Sala room's.
 * On narrow screens the row wraps: a strip scrolled sideways cut the last tab ("Observaç…") with
 * no sign that more followed.
 */
export function NavTabs({ tabs, label, active }: { tabs: readonly NavTab[]; label: string; active: string | null }) {
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
