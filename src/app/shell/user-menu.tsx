import { Button, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { UserMenuItem } from '../../domain/menu.ts';
import { signOut } from '../../session/store.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';

/** Spec §2 user menu: Manual (Sala only), Alterar senha (not in São Paulo), Sair. */
export function UserMenu({ name, items }: { name: string; items: UserMenuItem[] }) {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" maxW={{ base: '40', md: '64' }} aria-label={`Menu do usuário ${name}`}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((item) =>
              'action' in item ? (
                <Menu.Item key={item.key} value={item.key} onSelect={() => signOut()}>
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
