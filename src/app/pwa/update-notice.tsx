import { Box, Button, Container, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../providers.tsx';

export type UpdateOutcome = 'reloading' | 'blocked';

const UNSAVED_FORM_MESSAGE = 'Salve ou descarte as alterações do formulário antes de atualizar.';

function UpdateNotice({ onUpdate }: { onUpdate: () => UpdateOutcome }) {
  const [outcome, setOutcome] = useState<UpdateOutcome | null>(null);
  return (
    <Box role="status" bg="bg.panel" borderBottomWidth="1px" shadow="sm">
      <Container maxW="7xl" py="2" px={{ base: '4', md: '6' }}>
        <HStack gap="4" justify="space-between" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Stack gap="0.5">
            <Text fontWeight="semibold">Nova versão disponível</Text>
            {outcome === 'blocked' && (
              <Text fontSize="sm" color="fg.error">
                {UNSAVED_FORM_MESSAGE}
              </Text>
            )}
          </Stack>
          <Button size="sm" flexShrink="0" loading={outcome === 'reloading'} onClick={() => setOutcome(onUpdate())}>
            Atualizar
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}

let shown = false;

/**
 * Shows the notice in its own small React root, so the update flow is loaded only with the service
 * worker and the app's tree does not depend on it. It sits above the app in the page flow (sticky
 * when scrolled), so it never covers the header or the cookie notice. It stays until the page reloads.
 */
export function showUpdateNotice(onUpdate: () => UpdateOutcome): void {
  if (shown) return;
  shown = true;
  const container = document.createElement('div');
  // Sticky on the body-level element itself: its parent (body) is what it sticks within.
  container.style.cssText = 'position: sticky; top: 0; z-index: var(--chakra-z-index-sticky, 1100)';
  document.body.prepend(container);
  createRoot(container).render(
    <AppProviders>
      <UpdateNotice onUpdate={onUpdate} />
    </AppProviders>,
  );
}
