import { Button, CloseButton, Stack } from '@chakra-ui/react';
import { Dialog } from './dialog-parts.tsx';
import { createContext, useContext, useId, useState, type ReactNode, type RefObject } from 'react';
import type { CommandFailure } from '../lib/command-result.ts';
import { useFormSubmit, type FormSubmit, type SubmittableForm } from './form.ts';
import { useModalFrame } from './modal-frame-later.ts';
import { READABLE_ERRORS } from './readable-errors.ts';
import { ServerAlert } from './server-alert.tsx';

/** Set by the form's save while it runs: a dialog closed mid-save would drop the result, and the user's input with it. */
const SavingContext = createContext<(saving: boolean) => void>(() => {});

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The first field, focused when the dialog opens. */
  initialFocusRef: RefObject<HTMLElement | null>;
  /**
   * The form, keyed by the record it edits so that every opening starts from that record's values.
   * It saves with useFormDialogSubmit and renders a FormDialogForm.
   */
  children: ReactNode;
  /** Spec §9: 600 px, or 800 px for a form with many fields. */
  width?: 600 | 800 | undefined;
};

/**
 * The frame of every create/edit dialog: centred, 600 or 800 px (spec §9), scrolling inside. A click
 * outside never closes it, so typed input is not lost by a stray click; while a save runs, nothing does.
 */
export function FormDialog({ open, onClose, initialFocusRef, children, width = 600 }: FormDialogProps) {
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (!saving) onClose();
  };
  const frame = useModalFrame(open, onClose);
  if (!frame) return null;
  const { ModalFrame } = frame;
  return (
    <ModalFrame
      open={open}
      onClose={close}
      width={width}
      scrollInside
      closeOnInteractOutside={false}
      closeOnEscape={!saving}
      closeButton={false}
      initialFocusEl={() => initialFocusRef.current}
      contentCss={READABLE_ERRORS}
    >
      <SavingContext value={setSaving}>{children}</SavingContext>
    </ModalFrame>
  );
}

/** useFormSubmit for a form inside a FormDialog: the dialog stays open until the save has finished. */
export function useFormDialogSubmit<T>(
  form: SubmittableForm<T>,
  send: (data: T) => Promise<void | CommandFailure>,
  fallbackMessage: string,
): FormSubmit {
  const setSaving = useContext(SavingContext);
  return useFormSubmit(
    form,
    async (data) => {
      setSaving(true);
      try {
        return await send(data);
      } finally {
        setSaving(false);
      }
    },
    fallbackMessage,
  );
}

export type FormDialogFormProps = {
  title: string;
  onClose: () => void;
  /** From useFormDialogSubmit. */
  submit: FormSubmit;
  /** The message above the fields; defaults to the server's, for forms that word their failures themselves. */
  error?: string | null;
  /** The fields. */
  children: ReactNode;
  /** The submit button, "Salvar" unless the form decides something else (e.g. "Rejeitar"). */
  submitLabel?: string;
  pendingLabel?: string;
  submitPalette?: string;
  /** Keeps the submit button disabled while the form cannot be sent yet (nothing chosen). */
  submitDisabled?: boolean;
};

/** Title, the form with the server's message above its fields, and Cancelar / Salvar. */
export function FormDialogForm({
  title,
  onClose,
  submit,
  error = submit.serverError,
  children,
  submitLabel = 'Salvar',
  pendingLabel = 'Salvando…',
  submitPalette,
  submitDisabled = false,
}: FormDialogFormProps) {
  const formId = useId();
  const { formRef, pending, handleSubmit } = submit;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)}>
          <Stack gap="4">
            {error && <ServerAlert status="error">{error}</ServerAlert>}
            {children}
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button
          type="submit"
          form={formId}
          loading={pending}
          loadingText={pendingLabel}
          colorPalette={submitPalette}
          disabled={submitDisabled}
        >
          {submitLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fechar" disabled={pending} />
      </Dialog.CloseTrigger>
    </>
  );
}
