import { Button, CloseButton, Dialog, Stack } from '@chakra-ui/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';

export type EvidenceDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Runs on submit: a string is the message to show (nothing was done); null closes the dialog. */
  onSubmit: () => Promise<string | null> | string | null;
  submitLabel: string;
  children: ReactNode;
};

/**
 * The small forms of the evidence screens (justification, question 3's required fields): 600 px
 * (spec §9), the rule's message above the fields, the dialog open until the action has finished.
 */
export function EvidenceDialog({ open, title, onClose, onSubmit, submitLabel, children }: EvidenceDialogProps) {
  const formId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLDivElement>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  return (
    <DialogShell
      open={open}
      onClose={close}
      keepOnOutsideClick
      initialFocusEl={() => first.current?.querySelector<HTMLElement>('input, textarea, select') ?? null}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form
          id={formId}
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            try {
              const message = await onSubmit();
              setError(message);
              if (message === null) onClose();
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack gap="4" ref={first}>
            {error && <ServerAlert status="error">{error}</ServerAlert>}
            {children}
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} loading={busy}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fechar" disabled={busy} />
      </Dialog.CloseTrigger>
    </DialogShell>
  );
}
