import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { lateRecipes } from '../../ui/late-recipes.ts';
import { Menu, Portal, useMenuContext } from '@chakra-ui/react';
import { useEffect, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserMenuItem, VisibleMenuItem } from '../../domain/menu.ts';

// This module's Chakra component brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { menu: menuSlotRecipe } });

/** Where the keyboard starts when a menu opens: Enter, Space and ↓ highlight the first item, ↑ the last, a click none. */
export type MenuStart = 'first' | 'last' | null;

/**
 * Opens the menu once, as it mounts: the header swaps its plain button for the menu on the first
 * press (main-nav.tsx, user-menu.tsx), so the press that loaded the menu also opens it, with the
 * item Ark's own trigger would have highlighted for that key.
 */
function OpenOnMount({ start, values }: { start: MenuStart; values: string[] }) {
  const menu = useMenuContext();
  useEffect(() => {
    menu.setOpen(true);
    const value = start === 'first' ? values[0] : start === 'last' ? values.at(-1) : undefined;
    if (value) menu.setHighlightedValue(value);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** The leaves of a group, in the order shown (a second level is shown as labelled sections). */
function leavesOf(items: VisibleMenuItem[]): VisibleMenuItem[] {
  return items.flatMap((item) => (item.children ? item.children.flatMap((child) => child.children ?? [child]) : [item]));
}

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

type LoadedMenuProps = {
  /** The header's button; Ark gives it its state and handlers. */
  trigger: ReactElement;
  start: MenuStart;
};

/**
 * A drop-down group of the desktop top menu (spec §2), already filtered by the permission rules.
 * Zag's menu machine is downloaded with the first press on any header menu (issue 32).
 */
export function GroupMenu({ items, trigger, start }: LoadedMenuProps & { items: VisibleMenuItem[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <OpenOnMount start={start} values={leavesOf(items).map((leaf) => leaf.key)} />
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <GroupItems items={items} />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Spec §2 user menu: Manual (Sala only), Alterar senha (not in São Paulo), Sair. */
export function UserMenuList({
  items,
  trigger,
  start,
  onLeave,
  onOpen,
}: LoadedMenuProps & { items: UserMenuItem[]; onLeave: () => void; onOpen: () => void }) {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit onOpenChange={({ open }) => open && onOpen()}>
      <OpenOnMount start={start} values={items.map((item) => item.key)} />
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((item) =>
              'action' in item ? (
                <Menu.Item key={item.key} value={item.key} onSelect={onLeave}>
                  {item.label}
                </Menu.Item>
              ) : item.external ? (
                <Menu.Item key={item.key} value={item.key} asChild>
                  <a href={item.href} target="_blank" rel="noreferrer">
                    {item.label}
                  </a>
                </Menu.Item>
              ) : (
                <Menu.Item key={item.key} value={item.key} onSelect={() => navigate(item.href)}>
                  {item.label}
                </Menu.Item>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
