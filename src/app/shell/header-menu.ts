import { useEffect, useState, type KeyboardEvent } from 'react';
import { notifyError } from '../../lib/notify.ts';
import { onDemand, useOnDemand, warmWhenSettled } from '../../ui/on-demand.ts';
import type { GroupMenu, MenuStart, UserMenuList } from './menus.tsx';

type Menus = { GroupMenu: typeof GroupMenu; UserMenuList: typeof UserMenuList };

/** Zag's menu machine and the header's menus: one download, with the first press on any of them. */
const loadMenus = onDemand<Menus>(() => import('./menus.tsx'));

// Fetched anyway once the first signed-in page has settled: a user who loses the network later
// still opens the menus (Sair among them) without waiting for the worker's copy of the frame.
const warmMenus = warmWhenSettled(loadMenus);

/** The keys with which Ark's menu button opens its menu, and the item each highlights. */
const OPENING_KEYS: Record<string, MenuStart> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' };

/**
 * A header menu's button until its first press (issue 32: six menu machines were built, and their
 * code downloaded, on every signed-in page's start). The props make the plain button open its menu
 * as Ark's would, by pointer or keyboard; once the menus' module is here, the caller renders its
 * menu (menus.tsx) with the same button as the trigger, and the menu opens as it mounts.
 */
export function useHeaderMenu() {
  const menus = useOnDemand(loadMenus);
  const [start, setStart] = useState<MenuStart>(null);
  useEffect(warmMenus, []);
  useEffect(() => {
    if (menus.failed) notifyError('Não foi possível abrir o menu.', 'Verifique a conexão e tente de novo.');
  }, [menus.failed]);
  const open = (from: MenuStart) => {
    setStart(from);
    menus.request();
  };
  return {
    menus: menus.module,
    start,
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      loading: menus.loading,
      onClick: () => open(null),
      onKeyDown: (event: KeyboardEvent) => {
        const from = OPENING_KEYS[event.key];
        if (from === undefined) return;
        event.preventDefault();
        open(from);
      },
      onPointerEnter: menus.warm,
      onFocus: menus.warm,
    },
  };
}
