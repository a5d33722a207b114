import { Box, Button, Container, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { readItem, writeItem } from '../../session/local-storage.ts';

const ACCEPTED_KEY = 'ce:cookies-aceitos-em';
// Spec §9: the acceptance is kept for 7 days, then asked again.
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

function acceptedRecently(now = Date.now()): boolean {
  const at = Number(readItem(ACCEPTED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < KEEP_MS;
}

export function CookieNotice() {
  const [visible, setVisible] = useState(() => !acceptedRecently());
  if (!visible) return null;
  return (
    <Box
      role="region"
      aria-label="Aviso de cookies"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="bg.panel"
      borderTopWidth="1px"
      shadow="lg"
    >
      <Container maxW="7xl" py="3" px={{ base: '4', md: '6' }}>
        <HStack gap="4" justify="space-between" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
          <Text fontSize="sm">
            Usamos cookies e o armazenamento do navegador para manter sua sessão e permitir o uso sem conexão. Ao continuar, você concorda
            com esse uso.
          </Text>
          <Button
            size="sm"
            flexShrink="0"
            onClick={() => {
              writeItem(ACCEPTED_KEY, String(Date.now()));
              setVisible(false);
            }}
          >
            Aceitar
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
