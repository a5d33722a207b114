import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale="pt-BR">{children}</LocaleProvider>
    </ChakraProvider>
  );
}
