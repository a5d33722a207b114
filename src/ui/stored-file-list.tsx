import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { DownloadProgress } from '../domain/uploads.ts';
import { formatBytes } from '../domain/format.ts';
import type { CommandResult } from '../lib/command-result.ts';
import { ProgressBar } from './progress-bar.tsx';

export type StoredFile = { arquivoId: number; nome: string; tamanho: number };

export type StoredFileListProps<F extends StoredFile> = {
  files: readonly F[];
  /**
   * The feature's download command (POST api/arquivo/anexo/download/...): the server checks who
   * may, and the command shows a failure itself.
   */
  download: (file: F, onProgress: (p: DownloadProgress) => void) => Promise<CommandResult<unknown>>;
  /** Accessible name of a file's download button. */
  downloadLabel?: (file: F) => string;
  emptyText?: string;
  /** More buttons of a row (remove, delete...). */
  actions?: (file: F) => ReactNode;
  /** Shown struck through, e.g. marked for removal by an edit not yet saved. */
  struck?: (file: F) => boolean;
};

/** A record's stored attachments, each downloadable with its progress shown: one list for every report kind. */
export function StoredFileList<F extends StoredFile>({
  files,
  download,
  downloadLabel = (file) => `Baixar ${file.nome}`,
  emptyText = 'Nenhum anexo.',
  actions,
  struck,
}: StoredFileListProps<F>) {
  const [downloading, setDownloading] = useState<{ arquivoId: number; progress: DownloadProgress } | null>(null);

  async function start(file: F) {
    setDownloading({ arquivoId: file.arquivoId, progress: { received: 0, total: file.tamanho } });
    try {
      await download(file, (progress) =>
        setDownloading({ arquivoId: file.arquivoId, progress: { received: progress.received, total: progress.total || file.tamanho } }),
      );
    } finally {
      setDownloading(null);
    }
  }

  if (files.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <List.Root as="ul" listStyle="none" gap="2" aria-label="Anexos">
      {files.map((file) => {
        const off = struck?.(file) ?? false;
        const active = downloading?.arquivoId === file.arquivoId ? downloading.progress : null;
        return (
          <List.Item key={file.arquivoId}>
            <Stack gap="2" borderWidth="1px" rounded="md" px="3" py="2" opacity={off ? 0.6 : 1}>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Text minW="0" overflowWrap="anywhere" textDecoration={off ? 'line-through' : undefined}>
                  {file.nome}{' '}
                  <Text as="span" color="fg.muted">
                    ({formatBytes(file.tamanho)})
                  </Text>
                </Text>
                <HStack gap="2">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={downloadLabel(file)}
                    loading={active !== null}
                    disabled={downloading !== null && active === null}
                    onClick={() => void start(file)}
                  >
                    Baixar
                  </Button>
                  {actions?.(file)}
                </HStack>
              </HStack>
              {active && (
                <ProgressBar
                  label={`Baixando ${file.nome}`}
                  value={active.received}
                  max={active.total}
                  valueText={`${formatBytes(active.received)} de ${formatBytes(active.total)}`}
                />
              )}
            </Stack>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

/**
 * A record's stored attachments in an edit form: each can be marked for removal (struck through,
 * "Remover …") and kept again ("Manter …") until the form is saved with the ids in `removed`.
 */
export function RemovableStoredFileList<F extends StoredFile>({
  removed,
  onRemovedChange,
  ...list
}: Omit<StoredFileListProps<F>, 'actions' | 'struck'> & { removed: readonly number[]; onRemovedChange: (next: number[]) => void }) {
  return (
    <StoredFileList
      {...list}
      struck={(f) => removed.includes(f.arquivoId)}
      actions={(f) => (
        <Button
          size="xs"
          variant="ghost"
          onClick={() =>
            onRemovedChange(removed.includes(f.arquivoId) ? removed.filter((id) => id !== f.arquivoId) : [...removed, f.arquivoId])
          }
        >
          {removed.includes(f.arquivoId) ? `Manter ${f.nome}` : `Remover ${f.nome}`}
        </Button>
      )}
    />
  );
}
