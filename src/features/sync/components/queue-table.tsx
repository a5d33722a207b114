import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { syncData, formatBytes, type MunicipalityOptions, type OutboxEntry, type SyncView } from '../data.ts';
import { EditEntryDialog } from './edit-entry-dialog.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { ENTRY_STATUS } from './status.ts';

export const DISCARD_QUESTION = 'Descartar este item? Os dados não enviados serão perdidos.';

type QueueTableProps = {
  entries: OutboxEntry[] | undefined;
  municipalities: MunicipalityOptions;
  sync: SyncView;
  labelledBy: string;
};

/** The queued items with their state and what the user can do about each. */
export function QueueTable({ entries, municipalities, sync, labelledBy }: QueueTableProps) {
  const names = syncData.useMunicipalityNames(municipalities);
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /** One action on an entry at a time; its failure is shown by the command. */
  async function run(id: string, action: () => Promise<unknown>) {
    setBusy(id);
    await action();
    setBusy(null);
  }

  async function askDiscard(entry: OutboxEntry) {
    const confirmed = await confirm({
      title: 'Descartar item',
      body: DISCARD_QUESTION,
      confirmLabel: 'Descartar',
      cancelLabel: 'Cancelar',
      destructive: true,
    });
    if (confirmed) await run(entry.id, () => syncData.discardEntry(entry.id));
  }

  const municipality = (entry: OutboxEntry) =>
    entry.municipioId === null ? null : (names.get(entry.municipioId) ?? `Município ${entry.municipioId}`);

  // Rebuilt each render on purpose: the cells read the engine's progress and the busy row.
  const columns: Array<DataColumn<OutboxEntry>> = [
    {
      key: 'label',
      header: 'Tipo',
      rowHeader: true,
      cell: (e) => (
        <Stack gap="0">
          <Text as="span">{syncData.kindTitle(e.kind)}</Text>
          <Text as="span" textStyle="xs" color="fg.muted" fontWeight="normal">
            {e.label}
          </Text>
        </Stack>
      ),
    },
    { key: 'municipio', header: 'Município', value: municipality, truncate: 24 },
    { key: 'createdAt', header: 'Criado em', format: (v) => formatDateTime(Number(v)), width: '8.5rem' },
    { key: 'attempts', header: 'Tentativas', align: 'end', width: '5.5rem' },
    { key: 'lastError', header: 'Último erro', value: (e) => e.lastError?.message ?? null, truncate: 40 },
    { key: 'bytes', header: 'Tamanho', format: (v) => formatBytes(Number(v)), align: 'end', width: '6.5rem' },
    {
      key: 'status',
      header: 'Status',
      cardPriority: 1,
      value: (e) => ENTRY_STATUS[e.status].label,
      width: '9rem',
      cell: (e) => {
        const progress = sync.current?.entryId === e.id ? sync.current : null;
        return (
          <Stack gap="2" align="stretch">
            <Badge colorPalette={ENTRY_STATUS[e.status].colorPalette} variant="subtle" alignSelf="start">
              {ENTRY_STATUS[e.status].label}
            </Badge>
            {progress && progress.totalBytes > 0 && (
              <ProgressBar
                label={`Envio de ${e.label}`}
                value={progress.sentBytes}
                max={progress.totalBytes}
                valueText={`${formatBytes(progress.sentBytes)} de ${formatBytes(progress.totalBytes)}`}
              />
            )}
          </Stack>
        );
      },
    },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      // Buttons stacked: side by side they alone took 15rem and pushed the table past a 1280 px screen.
      width: '8.5rem',
      cell: (e) => {
        const locked = e.status === 'sending' || e.status === 'done';
        return (
          <Stack gap="1" align="stretch">
            <Button
              size="xs"
              variant="outline"
              disabled={locked}
              loading={busy === e.id}
              aria-label={`Tentar agora: ${e.label}`}
              onClick={() => void run(e.id, () => syncData.retryEntry(e.id))}
            >
              Tentar agora
            </Button>
            {e.status === 'attention' && (
              <Button size="xs" variant="outline" aria-label={`Editar: ${e.label}`} onClick={() => setEditing(e)}>
                Editar
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={locked}
              aria-label={`Descartar: ${e.label}`}
              onClick={() => void askDiscard(e)}
            >
              Descartar
            </Button>
          </Stack>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        rows={entries ?? []}
        columns={columns}
        rowKey={(e) => e.id}
        labelledBy={labelledBy}
        loading={entries === undefined}
        loadingText="Carregando a fila…"
        emptyText="Nenhum item aguardando envio"
        rowTone={(e) => (e.status === 'attention' ? 'warning' : undefined)}
        maxHeight="none"
      />
      <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />
      {confirmDialog}
    </>
  );
}
