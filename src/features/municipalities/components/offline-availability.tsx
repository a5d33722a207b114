import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { OfflineDownloadDialog } from '../../../entities/municipality/offline-download-dialog.tsx';
import { useOnline } from '../../../lib/online.ts';
import { municipalityData } from '../../../entities/municipality/data.ts';

/**
 * "Disponível offline" (issue 4) in the city header: the size comes first (in the dialog), then a
 * cancellable download with progress; once stored, when it was taken, refresh and removal.
 */
export function OfflineAvailability({ municipioId, name }: { municipioId: number; name: string }) {
  const ready = municipalityData.useOfflineMunicipality(municipioId);
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  async function remove() {
    const confirmed = await confirm({
      title: 'Remover do aparelho',
      body: `Remover ${name} deste aparelho? Os dados guardados para uso offline serão apagados; itens ainda não enviados são mantidos.`,
      confirmLabel: 'Remover',
      cancelLabel: 'Cancelar',
      destructive: true,
    });
    if (confirmed && (await municipalityData.removeAvailableOffline(municipioId)).ok) notifySuccess(`${name} não está mais disponível offline`);
  }

  return (
    <>
      {ready ? (
        <HStack gap="2" wrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            Disponível offline · atualizado em {formatDateTime(ready.syncedAt)}
          </Text>
          <Button size="xs" variant="outline" disabled={!online} onClick={() => setOpen(true)}>
            Atualizar dados offline
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove()}>
            Remover do aparelho
          </Button>
        </HStack>
      ) : (
        <Button size="sm" variant="outline" disabled={!online} onClick={() => setOpen(true)}>
          Disponível offline
        </Button>
      )}
      <OfflineDownloadDialog municipality={open ? { municipioId, nome: name } : null} onClose={() => setOpen(false)} />
      {confirmDialog}
    </>
  );
}
