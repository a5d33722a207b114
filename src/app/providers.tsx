import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

/**
 * The pt-BR locale for Chakra's locale-aware parts (dates, numbers, filtering). Not around the
 * whole app: the provider asks Intl for the locale's writing direction, and that first Intl call
 * loads the ICU data, a long task on a phone that the signed-out pages (plain forms) do without.
 * The signed-in frame and the public pages render inside it.
 */
export function PtBrLocale({ children }: { children: ReactNode }) {
  return <LocaleProvider locale="pt-BR">{children}</LocaleProvider>;
}
