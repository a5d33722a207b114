import '../later-recipes.ts';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCTION_DATA_WARNING, shouldWarnProductionData } from '../../domain/variants.ts';
import { currentVariant } from '../../session/variant.ts';

/** Spec §2: "Cuidado!" at start when a non-production site is wired to the production database. */
export function ProductionWarning() {
  const [open, setOpen] = useState(() => shouldWarnProductionData(currentVariant()));
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{PRODUCTION_DATA_WARNING.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{PRODUCTION_DATA_WARNING.message}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button>Entendi</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
