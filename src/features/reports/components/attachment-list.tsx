import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import type { ReportFile } from '../../../domain/reports.ts';
import { notifyError } from '../../../ui/notify.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { downloadAttachment, type DownloadProgress } from '../data.ts';
import { formatBytes } from '../../../offline/storage.ts';

export type AttachmentListProps = {
  files: readonly ReportFile[];
  /** The author's edit: files marked here are removed when the edit is saved. */
  removable?: { removed: ReadonlySet<number>; onToggle: (arquivoId: number) => void };
};

/** A report's attachments, each downloadable (POST api/arquivo/anexo/download/{id}) with its progress shown. */
export function AttachmentList({ files, removable }: AttachmentListProps) {
  const [downloading, setDownloading] = useState<{ arquivoId: number; progress: DownloadProgress } | null>(null);

  async function download(file: ReportFile) {
    setDownloading({ arquivoId: file.arquivoId, progress: { received: 0, total: file.tamanho } });
    try {
      await downloadAttachment(file.arquivoId, file.nome, (progress) =>
        setDownloading({ arquivoId: file.arquivoId, progress: { received: progress.received, total: progress.total || file.tamanho } }),
      );
    } catch (error) {
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível baixar o arquivo.'));
    } finally {
      setDownloading(null);
    }
  }

  if (files.length === 0) return <Text color="fg.muted">Nenhum arquivo anexado.</Text>;
  return (
    <List.Root as="ul" listStyle="none" gap="2" aria-label="Anexos">
      {files.map((file) => {
        const removed = removable?.removed.has(file.arquivoId) ?? false;
        const active = downloading?.arquivoId === file.arquivoId ? downloading.progress : null;
        return (
          <List.Item key={file.arquivoId}>
            <Stack gap="2" borderWidth="1px" rounded="md" px="3" py="2" opacity={removed ? 0.6 : 1}>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Text minW="0" overflowWrap="anywhere" textDecoration={removed ? 'line-through' : undefined}>
                  {file.nome}{' '}
                  <Text as="span" color="fg.muted">
                    ({formatBytes(file.tamanho)})
                  </Text>
                </Text>
                <HStack gap="2">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Baixar ${file.nome}`}
                    loading={active !== null}
                    disabled={downloading !== null && active === null}
                    onClick={() => void download(file)}
                  >
                    Baixar
                  </Button>
                  {removable && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette={removed ? undefined : 'red'}
                      aria-label={`${removed ? 'Manter' : 'Remover'} ${file.nome}`}
                      onClick={() => removable.onToggle(file.arquivoId)}
                    >
                      {removed ? 'Manter' : 'Remover'}
                    </Button>
                  )}
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
