import {
  DialogCloseTrigger as ArkCloseTrigger,
  DialogDescription as ArkDescription,
  DialogTitle as ArkTitle,
  useDialogContext,
} from '@ark-ui/react/dialog';
import {
  chakra,
  createSlotRecipeContext,
  type DialogActionTriggerProps,
  type DialogBodyProps,
  type DialogCloseTriggerProps,
  type DialogDescriptionProps,
  type DialogFooterProps,
  type DialogHeaderProps,
  type DialogTitleProps,
} from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * The parts of the app's dialogs, styled by Chakra's dialog recipe, without the dialog itself
 * (issue 32): Chakra's own `Dialog` builds all its parts in one module, the root among them, so a
 * screen that only rendered a dialog's title downloaded Zag's dialog machine, focus trap and layers
 * with the page. These parts read the dialog's context; the root that provides it
 * (`withDialogRoot`, modal-frame.tsx) downloads with the first dialog a page opens, and brings the
 * dialog's recipe: the parts render only inside it.
 */
const { withRootProvider, withContext } = createSlotRecipeContext({ key: 'dialog' });

/**
 * For modal-frame.tsx only: Ark's dialog root and the parts that frame every dialog (the backdrop,
 * the positioner, the content), wrapped with the recipe's styles. They bring Zag's presence machine,
 * which a page that only shows a dialog's button does not need (issue 32).
 */
export { withRootProvider as withDialogRoot, withContext as withDialogPart };

const ActionTrigger = forwardRef<HTMLButtonElement, DialogActionTriggerProps>(function DialogActionTrigger(props, ref) {
  const dialog = useDialogContext();
  return (
    <chakra.button
      type="button"
      {...props}
      ref={ref}
      onClick={(event) => {
        props.onClick?.(event);
        dialog.setOpen(false);
      }}
    />
  );
});

/** Chakra's `Dialog.*` parts as the app's dialogs use them; the root and the frame's parts come with the modal frame. */
export const Dialog = {
  Header: withContext<HTMLDivElement, DialogHeaderProps>('div', 'header'),
  Body: withContext<HTMLDivElement, DialogBodyProps>('div', 'body'),
  Footer: withContext<HTMLDivElement, DialogFooterProps>('div', 'footer'),
  Title: withContext<HTMLHeadingElement, DialogTitleProps>(ArkTitle, 'title', { forwardAsChild: true }),
  Description: withContext<HTMLParagraphElement, DialogDescriptionProps>(ArkDescription, 'description', { forwardAsChild: true }),
  CloseTrigger: withContext<HTMLButtonElement, DialogCloseTriggerProps>(ArkCloseTrigger, 'closeTrigger', { forwardAsChild: true }),
  ActionTrigger,
};
