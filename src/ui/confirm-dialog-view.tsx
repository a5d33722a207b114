import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useRef } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { CONFIRM_MESSAGES } from '../domain/messages.ts';

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
