import type { DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useModalFrame } from './modal-frame-later.ts';

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
 * The modal itself (Zag's dialog) downloads with the first dialog a page opens (modal-frame-later.ts).
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
  const frame = useModalFrame(open, onClose);
  if (!frame) return null;
  const { ModalFrame } = frame;
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      width={size}
      scrollInside={scrollInside}
      closeOnInteractOutside={!keepOnOutsideClick}
      closeOnEscape={closeOnEscape}
      closeButton={closeButton}
      role={role}
      initialFocusEl={initialFocusEl}
    >
      {children}
    </ModalFrame>
  );
}
