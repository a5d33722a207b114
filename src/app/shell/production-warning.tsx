import '../later-recipes.ts';
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCTION_DATA_WARNING, shouldWarnProductionData } from '../../domain/variants.ts';
import { currentVariant } from '../../session/variant.ts';
import { Dialog } from '../../ui/dialog-parts.tsx';
import { DialogShell } from '../../ui/dialog-shell.tsx';

/** Spec §2: "Cuidado!" at start when a non-production site is wired to the production database. */
export function ProductionWarning() {
  const [open, setOpen] = useState(() => shouldWarnProductionData(currentVariant()));
  return (
    <DialogShell open={open} onClose={() => setOpen(false)} role="alertdialog" size={448}>
      <Dialog.Header>
        <Dialog.Title>{PRODUCTION_DATA_WARNING.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{PRODUCTION_DATA_WARNING.message}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button>Entendi</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogShell>
  );
}
