import { Card, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatBytes, type OutboxEntry, type SyncView } from '../data.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';

function unsent(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((e) => e.status === 'pending' || e.status === 'sending');
}

/**
 * The items being sent in this pass (with their sizes), so the overall bar counts what already
 * left the queue: sent entries disappear from the store once the server's answer is applied.
 */
function useSendingBatch(draining: boolean, entries: readonly OutboxEntry[]): ReadonlyMap<string, number> | null {
  const [batch, setBatch] = useState<ReadonlyMap<string, number> | null>(null);
  // Adjusting state while rendering (React's pattern for state derived from changing props): it
  // settles in one extra render, as the second pass finds nothing new.
  if (draining) {
    const waiting = unsent(entries);
    if (batch === null || waiting.some((e) => !batch.has(e.id))) {
      const next = new Map(batch ?? []);
      for (const e of waiting) next.set(e.id, e.bytes);
      setBatch(next);
    }
  } else if (batch !== null) {
    setBatch(null);
  }
  return batch;
}

/** While the queue is being sent: the whole pass, the item and the file in transit, each with its bar. */
export function SendingPanel({ sync, entries }: { sync: SyncView; entries: readonly OutboxEntry[] }) {
  const batch = useSendingBatch(sync.draining, entries);
  const current = sync.current;
  if (!batch || batch.size === 0) return null;

  const stillQueued = new Map(entries.map((e) => [e.id, e]));
  let sentItems = 0;
  let sentBytes = 0;
  let totalBytes = 0;
  for (const [id, bytes] of batch) {
    totalBytes += bytes;
    const entry = stillQueued.get(id);
    if (!entry || entry.status === 'done') {
      sentItems += 1;
      sentBytes += bytes;
    }
  }
  if (current && batch.has(current.entryId)) sentBytes += current.sentBytes;

  return (
    <Card.Root variant="outline" aria-label="Envio em andamento" role="region">
      <Card.Body gap="3">
        <ProgressBar
          label="Envio da fila"
          value={totalBytes > 0 ? sentBytes : sentItems}
          max={totalBytes > 0 ? totalBytes : batch.size}
          valueText={`${sentItems} de ${batch.size} ${batch.size === 1 ? 'item enviado' : 'itens enviados'}${totalBytes > 0 ? ` · ${formatBytes(sentBytes)} de ${formatBytes(totalBytes)}` : ''}`}
        />
        {current && <Text fontWeight="medium">Enviando: {current.label}</Text>}
        {current && current.totalBytes > 0 && (
          <ProgressBar
            label={`Arquivos de ${current.label}`}
            value={current.sentBytes}
            max={current.totalBytes}
            valueText={`${formatBytes(current.sentBytes)} de ${formatBytes(current.totalBytes)}`}
          />
        )}
        {current?.fileName !== undefined && current.fileTotalBytes !== undefined && (
          <ProgressBar
            label={`Arquivo ${current.fileName}`}
            value={current.fileSentBytes ?? 0}
            max={current.fileTotalBytes ?? 0}
            valueText={`${formatBytes(current.fileSentBytes ?? 0)} de ${formatBytes(current.fileTotalBytes ?? 0)}`}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
