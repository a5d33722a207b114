import { Button, CloseButton } from '@chakra-ui/react';
import { Dialog } from './dialog-parts.tsx';
import { DialogShell } from './dialog-shell.tsx';
import { useRef } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { CONFIRM_MESSAGES } from '../domain/confirm-messages.ts';

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
    // While the answer is being carried out the question stays: no Esc, no click outside, no ×.
    <DialogShell
      open={open}
      onClose={() => {
        if (!loading) onCancel();
      }}
      size={size}
      role="alertdialog"
      keepOnOutsideClick={loading}
      closeOnEscape={!loading}
      initialFocusEl={() => (destructive ? cancelRef.current : confirmRef.current)}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {body !== undefined && <Dialog.Body>{typeof body === 'string' ? <Dialog.Description>{body}</Dialog.Description> : body}</Dialog.Body>}
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
    </DialogShell>
  );
}
