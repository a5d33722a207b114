import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { syncData, formatBytes, type ExportProgress } from '../data.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';

/** "Exportar fila": the queue and its files in one .tar file, for support when something is stuck. */
export function ExportButton({ disabled }: { disabled?: boolean }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  async function run() {
    setProgress({ written: 0, total: 0 });
    const exported = await syncData.exportQueueToFile(setProgress);
    setProgress(null);
    if (exported.ok && exported.data) notifySuccess('Fila exportada');
  }

  return (
    <Stack gap="2" minW={{ base: 'full', sm: '16rem' }}>
      <Button variant="outline" onClick={() => void run()} loading={progress !== null} loadingText="Exportando…" disabled={disabled}>
        Exportar fila
      </Button>
      {progress !== null && progress.total > 0 && (
        <ProgressBar
          label="Exportando a fila"
          value={progress.written}
          max={progress.total}
          valueText={`${formatBytes(progress.written)} de ${formatBytes(progress.total)}`}
        />
      )}
    </Stack>
  );
}
