import { Box, Container, Image } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { currentVariant } from '../session/variant.ts';

/**
 * The frame of the pages reached by a link without login (public reports, public downloads): the
 * variant's logo in a bar on top, no navigation, the content in a 4xl column.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  const { variant } = currentVariant();
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Container maxW="4xl" py="3">
          <Image src={variant.logo} alt={variant.title} h="10" w="auto" />
        </Container>
      </Box>
      <Container as="main" maxW="4xl" py="8">
        {children}
      </Container>
    </Box>
  );
}
