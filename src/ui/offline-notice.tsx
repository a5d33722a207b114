import { HStack, Text } from '@chakra-ui/react';
import { useOnline } from '../lib/online.ts';
import { SyncedAt } from './synced-at.tsx';

/**
 * Under data read from the device: when there is no connection, or the last refresh failed, says
 * so and how old the data is ("Atualizado em DD/MM/YYYY HH:mm"). Online and fresh, it shows nothing.
 */
export function OfflineNotice({ syncedAt, refreshFailed }: { syncedAt: number | null | undefined; refreshFailed: boolean }) {
  const online = useOnline();
  if (online && !refreshFailed) return null;
  return (
    <HStack role="status" gap="2" wrap="wrap" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" px="3" py="2">
      <Text textStyle="sm" fontWeight="medium">
        {online ? 'Não foi possível atualizar; mostrando os dados deste aparelho.' : 'Sem conexão; mostrando os dados deste aparelho.'}
      </Text>
      <SyncedAt at={syncedAt} />
    </HStack>
  );
}
