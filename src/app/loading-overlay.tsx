import { AbsoluteCenter, Box, Spinner, Stack, Text } from '@chakra-ui/react';

/**
 * Covers the page while a route (its code or its data) loads. It fades in after a short delay so
 * quick navigations do not flash it.
 */
export function LoadingOverlay() {
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="bg/70"
      role="status"
      aria-live="polite"
      animationName="fade-in"
      animationDuration="moderate"
      animationDelay="0.2s"
      animationFillMode="both"
    >
      <AbsoluteCenter>
        <Stack align="center" gap="3">
          <Spinner size="xl" color="colorPalette.solid" borderWidth="3px" />
          <Text color="fg.muted">Carregando…</Text>
        </Stack>
      </AbsoluteCenter>
    </Box>
  );
}
