import { Button, Heading, HStack, NativeSelect, Field, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { syncData, formatBytes, type MunicipalityOptions, type OfflineMunicipality } from '../data.ts';
import { OfflineDownloadDialog } from '../../../entities/municipality/offline-download-dialog.tsx';

/** "Municípios disponíveis offline": what this device holds for use without internet, and adding more. */
export function OfflineMunicipalitiesSection({ online, options }: { online: boolean; options: MunicipalityOptions }) {
  const headingId = useId();
  const ready = syncData.useOfflineMunicipalities();
  const [confirm, confirmDialog] = useConfirm();
  const [chosen, setChosen] = useState('');
  const [downloading, setDownloading] = useState<{ municipioId: number; nome: string } | null>(null);

  const choices = useMemo(
    () =>
      options.status === 'ready'
        ? [...options.data].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')).map((m) => ({ municipioId: m.municipioId, nome: m.nome }))
        : [],
    [options],
  );

  async function remove(item: OfflineMunicipality) {
    const confirmed = await confirm({
      title: 'Remover município offline',
      body: `Remover ${item.nome} deste aparelho? Os dados guardados para uso offline serão apagados; itens ainda não enviados são mantidos.`,
      confirmLabel: 'Remover',
      cancelLabel: 'Cancelar',
      destructive: true,
    });
    if (confirmed) await syncData.removeOffline(item.municipioId);
  }

  const columns: Array<DataColumn<OfflineMunicipality>> = [
    { key: 'nome', header: 'Município', rowHeader: true, truncate: 40 },
    { key: 'syncedAt', header: 'Atualizado em', format: (v) => formatDateTime(Number(v)), width: '10rem' },
    { key: 'bytes', header: 'Tamanho', format: (v) => formatBytes(Number(v)), align: 'end', width: '7rem' },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '13rem',
      cell: (m) => (
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="outline" disabled={!online} aria-label={`Atualizar ${m.nome}`} onClick={() => setDownloading(m)}>
            Atualizar
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remover ${m.nome}`} onClick={() => void remove(m)}>
            Remover
          </Button>
        </HStack>
      ),
    },
  ];

  const picked = choices.find((c) => String(c.municipioId) === chosen) ?? null;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" size="lg" id={headingId}>
        Municípios disponíveis offline
      </Heading>
      <DataTable
        rows={ready ?? []}
        columns={columns}
        rowKey={(m) => m.municipioId}
        labelledBy={headingId}
        loading={ready === undefined}
        emptyText="Nenhum município disponível offline neste aparelho"
        minWidth={ready?.length ? '34rem' : undefined}
        maxHeight="none"
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'end' }}>
        <Field.Root flex="1" maxW={{ sm: '24rem' }} disabled={!online || choices.length === 0}>
          <Field.Label>Município para uso offline</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Selecione</option>
              {choices.map((c) => (
                <option key={c.municipioId} value={c.municipioId}>
                  {c.nome}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button disabled={!online || picked === null} onClick={() => setDownloading(picked)}>
          Disponível offline
        </Button>
      </Stack>
      {!online && <Text color="fg.muted">Conecte-se à internet para baixar ou atualizar municípios.</Text>}
      <OfflineDownloadDialog municipality={downloading} onClose={() => setDownloading(null)} />
      {confirmDialog}
    </Stack>
  );
}
