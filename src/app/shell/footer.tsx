import { Box, Container, Text } from '@chakra-ui/react';
import { findState } from '../../domain/variants.ts';
import { currentVariant } from '../../session/variant.ts';

/** Spec §2: the footer shows the title and the state. */
export function Footer() {
  const { variant, uf } = currentVariant();
  const state = findState(variant, uf);
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg" pb={{ base: '16', md: '0' }}>
      <Container maxW="7xl" py="3" px={{ base: '4', md: '6' }}>
        <Text fontSize="sm" color="fg.muted">
          {variant.title} · {state?.name ?? uf}
        </Text>
      </Container>
    </Box>
  );
}
