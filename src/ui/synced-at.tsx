import { Text, type TextProps } from '@chakra-ui/react';
import { formatDateTime } from '../domain/format.ts';

/**
 * "Atualizado em DD/MM/YYYY HH:mm" (São Paulo time) under data read from the device, so an offline
 * user knows how old what they see is. `at` is epoch ms; null means never synced on this device,
 * undefined (still loading) shows nothing.
 */
export function SyncedAt({ at, ...props }: { at: number | null | undefined } & Omit<TextProps, 'children'>) {
  if (at === undefined) return null;
  return (
    <Text textStyle="sm" color="fg.muted" {...props}>
      {at === null ? (
        'Ainda não sincronizado neste aparelho'
      ) : (
        <>
          Atualizado em <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>
        </>
      )}
    </Text>
  );
}
