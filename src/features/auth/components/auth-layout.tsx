import { Box, Card, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { currentVariant } from '../../../session/variant.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** The centred card shared by the screens a signed-out user sees. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  const { variant } = currentVariant();
  return (
    <Flex
      minH="100dvh"
      align={{ base: 'stretch', sm: 'center' }}
      justify="center"
      bg="bg.subtle"
      px={{ base: '4', sm: '6' }}
      py={{ base: '6', sm: '10' }}
    >
      <PageTitle parts={[title]} />
      <Stack as="main" w="full" maxW="md" gap="6">
        {/* The visit's variant (spec §1): its logo carries its title, which is also the image's name. */}
        <Image src={variant.logo} alt={variant.title} h={{ base: '10', sm: '12' }} w="auto" maxW="full" alignSelf="center" />
        <Card.Root>
          <Card.Body gap="6" p={{ base: '5', sm: '8' }}>
            <Box>
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {description && (
                <Text mt="2" color="fg.muted">
                  {description}
                </Text>
              )}
            </Box>
            {children}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Flex>
  );
}
