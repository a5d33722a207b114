import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { FlatMenuItem } from '../../domain/menu.ts';
import { MenuIcon } from '../../ui/icons.tsx';

// The drawer's code (zag's dialog machine, focus trap) loads on the first tap: a desktop never
// needs it, and a phone's first screen renders without it.
const MobileNavDrawer = lazy(async () => ({ default: (await import('./mobile-nav-drawer.tsx')).MobileNavDrawer }));

/** The mobile drawer: the same visible menu as a flat list, under the names of the groups it came from. */
export function MobileNav({ items }: { items: FlatMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        variant="ghost"
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        display={{ base: 'inline-flex', lg: 'none' }}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {wanted && (
        <Suspense>
          <MobileNavDrawer items={items} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
