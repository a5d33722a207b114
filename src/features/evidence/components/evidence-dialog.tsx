import { useRef, useState, type ReactNode } from 'react';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import type { FormSubmit } from '../../../ui/form.ts';
import { FormDialogForm } from '../../../ui/form-dialog.tsx';

export type EvidenceDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Runs on submit: a string is the message to show (nothing was done); null closes the dialog. */
  onSubmit: () => Promise<string | null> | string | null;
  submitLabel: string;
  children: ReactNode;
};

/**
 * The small forms of the evidence screens (justification, question 3's required fields): 600 px
 * (spec §9), the rule's message above the fields, the dialog open until the action has finished.
 */
export function EvidenceDialog({ open, title, onClose, onSubmit, submitLabel, children }: EvidenceDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  // The rule's answer is a message, not a field error: the submit is the dialog's own, framed like every form dialog.
  const submit: FormSubmit = {
    formRef,
    pending: busy,
    serverError: error,
    handleSubmit: async (event) => {
      event.preventDefault();
      setBusy(true);
      try {
        const message = await onSubmit();
        setError(message);
        if (message === null) onClose();
      } finally {
        setBusy(false);
      }
    },
  };
  return (
    <DialogShell
      open={open}
      onClose={close}
      keepOnOutsideClick
      initialFocusEl={() => formRef.current?.querySelector<HTMLElement>('input, textarea, select') ?? null}
    >
      <FormDialogForm title={title} onClose={close} submit={submit} submitLabel={submitLabel} pendingLabel={submitLabel}>
        {children}
      </FormDialogForm>
    </DialogShell>
  );
}
