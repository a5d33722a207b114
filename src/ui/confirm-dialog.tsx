import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

// The dialog code (zag's dialog machine, focus trap) loads with the first question, not with every
// screen that may ask one.
const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog-view.tsx')).ConfirmDialog }));

/** Spec §9: dialogs are 600 or 800 px wide (never wider than the screen). */
export type DialogWidth = 600 | 800;

export type ConfirmOptions = {
  title: string;
  /** The question and what follows from it; a string becomes a paragraph. */
  body?: ReactNode;
  /** Defaults to "Sim", as the spec's delete confirmations. */
  confirmLabel?: string;
  /** Defaults to "Não". */
  cancelLabel?: string;
  /** Red confirm button, and focus starts on cancel so Enter does not destroy by accident. */
  destructive?: boolean;
  size?: DialogWidth;
};

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button or a click outside. */
  onCancel: () => void;
  /** The confirmed action is running: the confirm button spins and nothing can close the dialog. */
  loading?: boolean;
};

type Pending = { options: ConfirmOptions; resolve: (confirmed: boolean) => void };

/**
 * Ask for confirmation from an event handler: `if (await confirm({ title: ... })) remove()`.
 * Render the returned element once in the component; it is the dialog. A second question while
 * one is open answers the first with false, and unmounting answers false, so no caller hangs.
 */
export function useConfirm(): [confirm: (options: ConfirmOptions) => Promise<boolean>, dialog: ReactElement] {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  useEffect(() => () => pendingRef.current?.resolve(false), []);

  const confirm = useCallback((options: ConfirmOptions) => {
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      pendingRef.current = next;
      setPending(next);
      setOpen(true);
    });
  }, []);

  const answer = (confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    // Keep the options while the dialog animates out, so its text does not vanish mid-exit.
    setOpen(false);
  };

  const dialog = (
    <Suspense>
      {pending !== null && <ConfirmDialog {...pending.options} open={open} onConfirm={() => answer(true)} onCancel={() => answer(false)} />}
    </Suspense>
  );
  return [confirm, dialog];
}
