import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { lateRecipes } from './late-recipes.ts';
import {
  DialogBackdrop as ArkBackdrop,
  DialogCloseTrigger as ArkCloseTrigger,
  DialogContent as ArkContent,
  DialogDescription as ArkDescription,
  DialogPositioner as ArkPositioner,
  DialogTitle as ArkTitle,
  useDialogContext,
} from '@ark-ui/react/dialog';
import {
  chakra,
  createSlotRecipeContext,
  type DialogActionTriggerProps,
  type DialogBackdropProps,
  type DialogBodyProps,
  type DialogCloseTriggerProps,
  type DialogContentProps,
  type DialogDescriptionProps,
  type DialogFooterProps,
  type DialogHeaderProps,
  type DialogPositionerProps,
  type DialogTitleProps,
} from '@chakra-ui/react';
import { forwardRef } from 'react';

// This module's Chakra component brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

/**
 * The parts of the app's dialogs, styled by Chakra's dialog recipe, without the dialog itself
 * (issue 32): Chakra's own `Dialog` builds all its parts in one module, the root among them, so a
 * screen that only rendered a dialog's title downloaded Zag's dialog machine, focus trap and layers
 * with the page. These parts read the dialog's context; the root that provides it
 * (`withDialogRoot`, modal-frame.tsx) downloads with the first dialog a page opens.
 */
const { withRootProvider, withContext } = createSlotRecipeContext({ key: 'dialog' });

/** Wraps Ark's dialog root with the recipe's styles, for modal-frame.tsx only. */
export const withDialogRoot = withRootProvider;

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

/** Chakra's `Dialog.*` parts as the app uses them; the root comes with the modal frame. */
export const Dialog = {
  Backdrop: withContext<HTMLDivElement, DialogBackdropProps>(ArkBackdrop, 'backdrop', { forwardAsChild: true }),
  Positioner: withContext<HTMLDivElement, DialogPositionerProps>(ArkPositioner, 'positioner', { forwardAsChild: true }),
  Content: withContext<HTMLDivElement, DialogContentProps>(ArkContent, 'content', { forwardAsChild: true }),
  Header: withContext<HTMLDivElement, DialogHeaderProps>('div', 'header'),
  Body: withContext<HTMLDivElement, DialogBodyProps>('div', 'body'),
  Footer: withContext<HTMLDivElement, DialogFooterProps>('div', 'footer'),
  Title: withContext<HTMLHeadingElement, DialogTitleProps>(ArkTitle, 'title', { forwardAsChild: true }),
  Description: withContext<HTMLParagraphElement, DialogDescriptionProps>(ArkDescription, 'description', { forwardAsChild: true }),
  CloseTrigger: withContext<HTMLButtonElement, DialogCloseTriggerProps>(ArkCloseTrigger, 'closeTrigger', { forwardAsChild: true }),
  ActionTrigger,
};
