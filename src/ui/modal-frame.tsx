import {
  DialogBackdrop as ArkBackdrop,
  DialogContent as ArkContent,
  DialogPositioner as ArkPositioner,
  DialogRoot as ArkRoot,
} from '@ark-ui/react/dialog';
import {
  CloseButton,
  Portal,
  type DialogBackdropProps,
  type DialogContentProps,
  type DialogPositionerProps,
  type DialogRootProps,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { Dialog, withDialogPart, withDialogRoot } from './dialog-parts.tsx';
import { lateRecipes } from './late-recipes.ts';
import { useEffect, useState, type ReactNode } from 'react';

// The dialog's recipe joins the system with the frame (src/ui/late-recipes.ts), before any dialog part
// renders: the parts of dialog-parts.tsx render only inside this frame.
lateRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

// Chakra's `Dialog.Root`, `Dialog.Backdrop`, `Dialog.Positioner` and `Dialog.Content`, built here so that only this file needs them.
const DialogRoot = withDialogRoot<DialogRootProps>(ArkRoot, { defaultProps: { unmountOnExit: true, lazyMount: true } });
const DialogBackdrop = withDialogPart<HTMLDivElement, DialogBackdropProps>(ArkBackdrop, 'backdrop', { forwardAsChild: true });
const DialogPositioner = withDialogPart<HTMLDivElement, DialogPositionerProps>(ArkPositioner, 'positioner', { forwardAsChild: true });
const DialogContent = withDialogPart<HTMLDivElement, DialogContentProps>(ArkContent, 'content', { forwardAsChild: true });

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
        <DialogBackdrop />
        <DialogPositioner>
          <DialogContent maxW={`min(${width}px, calc(100vw - 2rem))`} mx="4" css={contentCss}>
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Fechar" />
              </Dialog.CloseTrigger>
            )}
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  );
}
