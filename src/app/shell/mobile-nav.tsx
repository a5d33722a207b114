import { CloseButton, Drawer, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { FlatMenuItem } from '../../domain/menu.ts';
import { MenuIcon } from '../../ui/icons.tsx';

/** The mobile drawer: the same visible menu as a flat list, under the names of the groups it came from. */
export function MobileNav({ items }: { items: FlatMenuItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" aria-label="Abrir menu" display={{ base: 'inline-flex', lg: 'none' }}>
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
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
