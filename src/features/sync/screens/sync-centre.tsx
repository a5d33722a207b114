import { Alert, Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { OfflineMunicipalitiesSection } from '../components/offline-municipalities.tsx';
import { QueueTable } from '../components/queue-table.tsx';
import { SendingPanel } from '../components/sending-panel.tsx';
import { itemsText, SYNC_STATUS } from '../components/status.ts';
import { StorageSection } from '../components/storage-section.tsx';
import { syncData, NO_STORE_MESSAGE } from '../data.ts';

/**
 * /sincronizacao: what this device still has to send and what it keeps for offline use. Nothing in
 * the queue is ever dropped without the user asking (Descartar, with confirmation).
 */
export function SyncCentreScreen() {
  const queueHeadingId = useId();
  const sync = syncData.useSyncState();
  const entries = syncData.useOutboxEntries();
  const unavailable = syncData.useOfflineUnavailable();
  // Read once for both the names in the queue and the download choices.
  const municipalities = syncData.useMunicipalityOptions();
  const status = SYNC_STATUS[sync.status];

  return (
    <Stack gap="8">
      <PageTitle parts={['Sincronização']} />
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Sincronização
        </Heading>
        <HStack gap="2" wrap="wrap" role="status" aria-live="polite">
          <Text>Situação:</Text>
          <Badge colorPalette={status.colorPalette} variant="subtle" size="lg">
            {status.label}
          </Badge>
          <Text color="fg.muted">
            {itemsText(sync.pending, 'item aguardando envio', 'itens aguardando envio')}
            {sync.attention > 0 && ` · ${itemsText(sync.attention, 'requer atenção', 'requerem atenção')}`}
          </Text>
        </HStack>
        {!sync.online && (
          <Text color="fg.muted">Sem conexão: as alterações ficam guardadas neste aparelho e serão enviadas quando a internet voltar.</Text>
        )}
        {sync.paused === 'auth' && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>Envio pausado: entre novamente para continuar. Nenhum item foi perdido.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {unavailable && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{NO_STORE_MESSAGE}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>

      <Stack as="section" aria-labelledby={queueHeadingId} gap="3">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'start' }} gap="3">
          <Heading as="h2" size="lg" id={queueHeadingId}>
            Fila de envio
          </Heading>
          <ExportButton disabled={unavailable} />
        </Stack>
        <SendingPanel sync={sync} entries={entries ?? []} />
        <QueueTable entries={entries} municipalities={municipalities} sync={sync} labelledBy={queueHeadingId} />
      </Stack>

      <OfflineMunicipalitiesSection online={sync.online} options={municipalities} />
      <StorageSection />
    </Stack>
  );
}
