import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';

/** The evidence text viewer (spec §2 "Evidence text viewer"): the text the municipality wrote for the question. */
export function TextViewer({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(600px, calc(100vw - 2rem))" mx="4">
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
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
