import { useEffect, useRef } from 'react';
import { notifyError } from '../lib/notify.ts';
import type { ModalFrame } from './modal-frame.tsx';
import { onDemand, useOnDemand, warmWhenSettled } from './on-demand.ts';

type Frame = { ModalFrame: typeof ModalFrame };

/** What a dialog whose code could not be downloaded says (offline before the page had settled). */
export function notifyDialogUnavailable(): void {
  notifyError('Não foi possível abrir a janela.', 'Verifique a conexão e tente de novo.');
}

/**
 * Issue 32: a closed dialog costs its page nothing. Zag's dialog (the machine, the focus trap, the
 * layers: 11 KB brotli on the report form and the follow-up) came with every screen that holds a
 * dialog, the city layout among them; it now comes with the first dialog a page opens, or once the
 * page has settled.
 *
 * The hook of a modal frame downloaded on demand by `load`: the app's frame (`useModalFrame`), or
 * a screen's dialog together with its fields (a field's code would otherwise come with the page
 * that shows only the dialog's button). The module, once arrived, serves every later dialog at once.
 */
export function modalFrameLater<Module = Frame>(load: () => Promise<Module>) {
  let arrived: Module | null = null;
  const loadFrame = onDemand(async () => {
    const frame = await load();
    arrived = frame;
    return frame;
  });

  const warm = warmWhenSettled(loadFrame);

  /**
   * The modal frame's module for a dialog that is `open`: null until it has arrived (the dialog shows a moment
   * later, focus moving in as it mounts). A failed download says so and closes the dialog (`onClose`),
   * so that the next press on its button asks again.
   */
  return function useModalFrame(open: boolean, onClose: () => void): Module | null {
    const frame = useOnDemand(loadFrame);
    const ready = frame.module ?? arrived;
    // Asked for once per opening: a failed download is asked for again when the dialog next opens.
    const asked = useRef(false);
    useEffect(warm, []);
    useEffect(() => {
      if (!open) {
        asked.current = false;
        return;
      }
      if (ready || asked.current) return;
      asked.current = true;
      frame.request();
    }, [open, ready, frame]);
    const { failed } = frame;
    useEffect(() => {
      if (!failed || !open) return;
      notifyDialogUnavailable();
      onClose();
      // Once per failure: the dialog's own state changes must not repeat the message.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [failed]);
    return ready;
  };
}

/** The frame of every app dialog (DialogShell, FormDialog). */
export const useModalFrame = modalFrameLater(() => import('./modal-frame.tsx'));
