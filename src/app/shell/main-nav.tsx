import { Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { NavLink, useNavigate } from 'react-router-dom';
import type { VisibleMenuItem } from '../../domain/menu.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';

/** Items of a group, with a second level shown as labelled sections (Gestão de Municípios, ...). */
function GroupItems({ items }: { items: VisibleMenuItem[] }) {
  const navigate = useNavigate();
  return items.map((item) =>
    item.children ? (
      <Menu.ItemGroup key={item.key}>
        <Menu.ItemGroupLabel>{item.label}</Menu.ItemGroupLabel>
        {item.children.flatMap((child) =>
          (child.children ?? [child]).map((leaf) => (
            <Menu.Item key={leaf.key} value={leaf.key} ps="6" onSelect={() => leaf.href && navigate(leaf.href)}>
              {leaf.label}
            </Menu.Item>
          )),
        )}
      </Menu.ItemGroup>
    ) : (
      <Menu.Item key={item.key} value={item.key} onSelect={() => item.href && navigate(item.href)}>
        {item.label}
      </Menu.Item>
    ),
  );
}

/** The desktop top menu (spec §2): links and drop-down groups, already filtered by the permission rules. */
export function MainNav({ items }: { items: VisibleMenuItem[] }) {
  return (
    <HStack as="nav" aria-label="Menu principal" gap="1" wrap="wrap">
      {items.map((item) =>
        item.children ? (
          // Issue 32: a closed menu's items are not rendered on every page's start.
          <Menu.Root key={item.key} positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
            <Menu.Trigger asChild>
              <Button variant="ghost" size="sm">
                {item.label}
                <ChevronDownIcon />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="56">
                  <GroupItems items={item.children} />
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        ) : (
          <Button key={item.key} asChild variant="ghost" size="sm">
            <NavLink to={item.href ?? '/cidade'} end>
              {item.label}
            </NavLink>
          </Button>
        ),
      )}
    </HStack>
  );
}
