import { Button, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';

/** The evidence text viewer (spec §2 "Evidence text viewer"): the text the municipality wrote for the question. */
export function TextViewer({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <DialogShell open={open} onClose={onClose} scrollInside closeButton>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {text}
        </Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose}>Fechar</Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
