import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type DialogShellProps = {
  open: boolean;
  /** Called when the dialog asks to close (Esc, the ×, a click outside where allowed). */
  onClose: () => void;
  /** Width in px, capped by the viewport with a margin. */
  size?: number;
  /** alertdialog for a question that needs an answer (ConfirmDialog). */
  role?: DialogRootProps['role'];
  /** Where focus goes on opening; the first focusable element unless said. */
  initialFocusEl?: DialogRootProps['initialFocusEl'];
  /** A long form scrolls inside the dialog, its buttons in sight. */
  scrollInside?: boolean;
  /** Work in progress would be lost: a click outside does not close it. */
  keepOnOutsideClick?: boolean;
  /** False while something runs that Esc must not interrupt. */
  closeOnEscape?: boolean;
  /** The corner × ("Fechar"). */
  closeButton?: boolean;
  children: ReactNode;
};

/**
 * The centred modal of the app's own dialogs: mounted only while open (a reopened dialog starts
 * fresh) and as wide as it may be on a phone. The content decides its header, body and footer.
 */
export function DialogShell({
  open,
  onClose,
  size = 600,
  scrollInside = false,
  keepOnOutsideClick = false,
  closeOnEscape = true,
  closeButton = false,
  role,
  initialFocusEl,
  children,
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior={scrollInside ? 'inside' : undefined}
      closeOnInteractOutside={!keepOnOutsideClick}
      closeOnEscape={closeOnEscape}
      role={role}
      initialFocusEl={initialFocusEl}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${size}px, calc(100vw - 2rem))`} mx="4">
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Fechar" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
