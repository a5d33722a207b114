import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { lateRecipes } from '../../ui/late-recipes.ts';
import { CloseButton, Drawer, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { FlatMenuItem } from '../../domain/menu.ts';

// This module's Chakra component brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { drawer: drawerSlotRecipe } });

/** The drawer of mobile-nav.tsx, loaded when it first opens. Focus returns to the button that opened it. */
export function MobileNavDrawer({ items, open, setOpen }: { items: FlatMenuItem[]; open: boolean; setOpen: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Menu principal" gap="1">
                {items.map((item, i) => {
                  const heading = item.trail.join(' › ');
                  const newSection = heading && heading !== items[i - 1]?.trail.join(' › ');
                  return (
                    <Stack key={item.key} gap="1">
                      {newSection && (
                        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mt="3">
                          {heading}
                        </Text>
                      )}
                      <Link asChild py="2" ps={item.trail.length ? '2' : '0'} onClick={() => setOpen(false)}>
                        <NavLink to={item.href} end>
                          {item.label}
                        </NavLink>
                      </Link>
                    </Stack>
                  );
                })}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
