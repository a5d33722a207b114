import { HStack, Spinner, Text } from '@chakra-ui/react';

/** Inline "loading" marker for a region of a page, announced politely to screen readers. */
export function LoadingState({ label = 'Carregando…' }: { label?: string }) {
  return (
    <HStack role="status" gap="3" py="8" justify="center" color="fg.muted">
      <Spinner size="sm" color="colorPalette.solid" />
      <Text>{label}</Text>
    </HStack>
  );
}
