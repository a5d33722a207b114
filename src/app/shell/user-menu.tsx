import { Button, type ButtonProps } from '@chakra-ui/react';
import type { UserMenuItem } from '../../domain/menu.ts';
import { authData } from '../../features/auth/data.ts';
import { signOut } from '../../session/store.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { useHeaderMenu } from './header-menu.ts';

/** The question before a sign-out that would discard the queue (issue 4: nothing is dropped silently). */
function unsentOnLogoutQuestion(count: number): string {
  return count === 1
    ? 'Existe 1 item não enviado neste aparelho. Se sair agora, ele será descartado. Deseja sair mesmo assim?'
    : `Existem ${count} itens não enviados neste aparelho. Se sair agora, eles serão descartados. Deseja sair mesmo assim?`;
}

// The store and its queue load apart from the frame (offline/demand.ts). Sair needs them: they start
// loading when the menu opens, so that leaving does not wait for the download.
const loadRuntime = () => import('../../offline/runtime.ts');

/** Spec §2 user menu: Manual (Sala only), Alterar senha (not in São Paulo), Sair. */
export function UserMenu({ name, items }: { name: string; items: UserMenuItem[] }) {
  const { menus, start, buttonProps } = useHeaderMenu();
  const [confirm, confirmDialog] = useConfirm();

  // Sair deletes this user's offline store (cache, queue, files) from the device: the next person
  // on a shared device must not find it. With unsent items the user decides first.
  async function leave() {
    const { discardLocalData, unsentCount } = await loadRuntime();
    const unsent = await unsentCount();
    if (unsent > 0) {
      const confirmed = await confirm({
        title: 'Sair',
        body: unsentOnLogoutQuestion(unsent),
        confirmLabel: 'Sair',
        cancelLabel: 'Cancelar',
        destructive: true,
      });
      if (!confirmed) return;
    }
    try {
      await Promise.allSettled([authData.endServerSession(), discardLocalData()]);
    } finally {
      signOut();
    }
  }

  const button = (extra: ButtonProps) => (
    <Button variant="outline" size="sm" maxW={{ base: '32', sm: '40', md: '64' }} aria-label={`Menu do usuário ${name}`} {...extra}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      <ChevronDownIcon />
    </Button>
  );
  return (
    <>
      {menus ? (
        <menus.UserMenuList
          items={items}
          trigger={button({})}
          start={start}
          onLeave={() => void leave()}
          onOpen={() => void loadRuntime()}
        />
      ) : (
        button(buttonProps)
      )}
      {confirmDialog}
    </>
  );
}
