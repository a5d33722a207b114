import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { notifyDialogUnavailable } from '../../../ui/modal-frame-later.ts';
import { onDemand, useOnDemand } from '../../../ui/on-demand.ts';
import { useOnline } from '../../../lib/online.ts';
import { municipalityData } from '../../../entities/municipality/data.ts';

/** The download dialog (its progress bar's machine among it) comes with the first press, not with every city tab (issue 32). */
const loadDownloadDialog = onDemand(() => import('../../../entities/municipality/offline-download-dialog.tsx'));

/**
 * "Disponível offline" (issue 4) in the city header: the size comes first (in the dialog), then a
 * cancellable download with progress; once stored, when it was taken, refresh and removal.
 */
export function OfflineAvailability({ municipioId, name }: { municipioId: number; name: string }) {
  const ready = municipalityData.useOfflineMunicipality(municipioId);
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const downloadDialog = useOnDemand(loadDownloadDialog);
  const openDialog = () => {
    setOpen(true);
    if (!downloadDialog.module) downloadDialog.request();
  };
  // A failed download leaves the dialog closed; the next press asks again.
  useEffect(() => {
    if (downloadDialog.failed) notifyDialogUnavailable();
  }, [downloadDialog.failed]);

  async function remove() {
    const confirmed = await confirm({
      title: 'Remover do aparelho',
      body: `Remover ${name} deste aparelho? Os dados guardados para uso offline serão apagados; itens ainda não enviados são mantidos.`,
      confirmLabel: 'Remover',
      cancelLabel: 'Cancelar',
      destructive: true,
    });
    if (confirmed && (await municipalityData.removeAvailableOffline(municipioId)).ok)
      notifySuccess(`${name} não está mais disponível offline`);
  }

  return (
    <>
      {ready ? (
        <HStack gap="2" wrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            Disponível offline · atualizado em {formatDateTime(ready.syncedAt)}
          </Text>
          <Button size="xs" variant="outline" disabled={!online} onClick={openDialog}>
            Atualizar dados offline
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove()}>
            Remover do aparelho
          </Button>
        </HStack>
      ) : (
        <Button size="sm" variant="outline" disabled={!online} onClick={openDialog}>
          Disponível offline
        </Button>
      )}
      {downloadDialog.module && (
        <downloadDialog.module.OfflineDownloadDialog
          municipality={open && !downloadDialog.failed ? { municipioId, nome: name } : null}
          onClose={() => setOpen(false)}
        />
      )}
      {confirmDialog}
    </>
  );
}
