import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { VisibleMenuItem } from '../../domain/menu.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { useHeaderMenu } from './header-menu.ts';

/** A drop-down group: a plain button until its first press, then its menu (header-menu.ts). */
function GroupButton({ label, items }: { label: string; items: VisibleMenuItem[] }) {
  const { menus, start, buttonProps } = useHeaderMenu();
  const button = (extra: ButtonProps) => (
    <Button variant="ghost" size="sm" {...extra}>
      {label}
      <ChevronDownIcon />
    </Button>
  );
  return menus ? <menus.GroupMenu items={items} trigger={button({})} start={start} /> : button(buttonProps);
}

/** The desktop top menu (spec §2): links and drop-down groups, already filtered by the permission rules. */
export function MainNav({ items }: { items: VisibleMenuItem[] }) {
  return (
    <HStack as="nav" aria-label="Menu principal" gap="1" wrap="wrap">
      {items.map((item) =>
        item.children ? (
          <GroupButton key={item.key} label={item.label} items={item.children} />
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
