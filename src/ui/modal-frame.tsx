import { DialogRoot as ArkRoot } from '@ark-ui/react/dialog';
import { CloseButton, Portal, type DialogRootProps, type SystemStyleObject } from '@chakra-ui/react';
import { Dialog, withDialogRoot } from './dialog-parts.tsx';
import { useEffect, useState, type ReactNode } from 'react';

/** Ark's dialog root with the recipe's styles (Chakra's `Dialog.Root`, built here so that only this file needs it). */
const DialogRoot = withDialogRoot<DialogRootProps>(ArkRoot, { defaultProps: { unmountOnExit: true, lazyMount: true } });

export type ModalFrameProps = {
  open: boolean;
  /** Called when the dialog asks to close (Esc, the ×, a click outside where allowed). */
  onClose: () => void;
  /** Width in px, capped by the viewport with a margin. */
  width: number;
  scrollInside: boolean;
  closeOnInteractOutside: boolean;
  closeOnEscape: boolean;
  /** The corner × ("Fechar"). */
  closeButton: boolean;
  role?: DialogRootProps['role'];
  initialFocusEl?: DialogRootProps['initialFocusEl'];
  contentCss?: SystemStyleObject;
  children: ReactNode;
};

/**
 * The centred modal of every app dialog (DialogShell, FormDialog): Zag's dialog machine, its focus
 * trap and its layers. Downloaded with the first dialog a page opens (modal-frame-later.ts), not
 * with the page: mounted only while open, so a reopened dialog starts fresh.
 */
export function ModalFrame({
  open,
  onClose,
  width,
  scrollInside,
  closeOnInteractOutside,
  closeOnEscape,
  closeButton,
  role,
  initialFocusEl,
  contentCss,
  children,
}: ModalFrameProps) {
  // The dialog mounts closed and opens a frame later, as a dialog that was there all along would: a
  // dialog opened in the same commit that closes another (a saved form giving way to the record's
  // detail) would otherwise register its layer before the closing one leaves, and be dismissed with it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <DialogRoot
      open={open && mounted}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior={scrollInside ? 'inside' : undefined}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape={closeOnEscape}
      role={role}
      initialFocusEl={initialFocusEl}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${width}px, calc(100vw - 2rem))`} mx="4" css={contentCss}>
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Fechar" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
