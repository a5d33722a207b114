import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { CONFIRM_MESSAGES } from './messages.ts';

/** Spec §9: dialogs are 600 or 800 px wide (never wider than the screen). */
export type DialogWidth = 600 | 800;

export type ConfirmOptions = {
  title: string;
  /** The question and what follows from it; a string becomes a paragraph. */
  body?: ReactNode;
  /** Defaults to "Sim", as the spec's delete confirmations. */
  confirmLabel?: string;
  /** Defaults to "Não". */
  cancelLabel?: string;
  /** Red confirm button, and focus starts on cancel so Enter does not destroy by accident. */
  destructive?: boolean;
  size?: DialogWidth;
};

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button or a click outside. */
  onCancel: () => void;
  /** The confirmed action is running: the confirm button spins and nothing can close the dialog. */
  loading?: boolean;
};

/**
 * A yes/no question in an alertdialog: focus moves in (to cancel when destructive, else to
 * confirm), stays trapped, and returns to the element that opened it.
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  body,
  confirmLabel = CONFIRM_MESSAGES.yes,
  cancelLabel = CONFIRM_MESSAGES.no,
  destructive = false,
  size = 600,
  loading = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !loading) onCancel();
      }}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={!loading}
      closeOnEscape={!loading}
      initialFocusEl={() => (destructive ? cancelRef.current : confirmRef.current)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${size}px, calc(100vw - 2rem))`} mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {body !== undefined && (
              <Dialog.Body>{typeof body === 'string' ? <Dialog.Description>{body}</Dialog.Description> : body}</Dialog.Body>
            )}
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={loading}>
                {cancelLabel}
              </Button>
              <Button ref={confirmRef} colorPalette={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" disabled={loading} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Pending = { options: ConfirmOptions; resolve: (confirmed: boolean) => void };

/**
 * Ask for confirmation from an event handler: `if (await confirm({ title: ... })) remove()`.
 * Render the returned element once in the component; it is the dialog. A second question while
 * one is open answers the first with false, and unmounting answers false, so no caller hangs.
 */
export function useConfirm(): [confirm: (options: ConfirmOptions) => Promise<boolean>, dialog: ReactElement] {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  useEffect(() => () => pendingRef.current?.resolve(false), []);

  const confirm = useCallback((options: ConfirmOptions) => {
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      pendingRef.current = next;
      setPending(next);
      setOpen(true);
    });
  }, []);

  const answer = (confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    // Keep the options while the dialog animates out, so its text does not vanish mid-exit.
    setOpen(false);
  };

  const dialog = (
    <ConfirmDialog
      title=""
      {...pending?.options}
      open={open && pending !== null}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return [confirm, dialog];
}
