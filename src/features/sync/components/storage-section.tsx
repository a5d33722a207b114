import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { appFilesSize, type AppFilesSize } from '../../../lib/app-files.ts';
import { syncData, formatBytes } from '../data.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';

function persistenceText(requested: boolean | null | undefined, persisted: boolean | null): { text: string; granted: boolean } {
  if (persisted === true || requested === true) {
    return {
      text: 'Armazenamento persistente: concedido. O navegador não apaga os dados offline deste aparelho sem perguntar.',
      granted: true,
    };
  }
  if (persisted === null && (requested === null || requested === undefined)) {
    return {
      text: 'Armazenamento persistente: não disponível neste navegador. Os dados offline podem ser apagados se faltar espaço.',
      granted: false,
    };
  }
  return {
    text: 'Armazenamento persistente: não concedido. O navegador pode apagar os dados offline se faltar espaço; envie a fila sempre que possível.',
    granted: false,
  };
}

/** "Arquivos do aplicativo: 1,2 MB em 38 arquivos", or nothing while unknown. */
function appFilesText(size: AppFilesSize | null): string | null {
  if (!size || size.files === 0) return null;
  return `Arquivos do aplicativo: ${formatBytes(size.bytes)} em ${size.files} ${size.files === 1 ? 'arquivo' : 'arquivos'}`;
}

/**
 * "Armazenamento": persistence answer, usage against the quota, the warning from 80%, and what the
 * app's own offline files take (the shell and this user's offline screens, issue 32 item 6).
 */
export function StorageSection() {
  const headingId = useId();
  const storage = syncData.useStorageEstimate();
  const [appFiles, setAppFiles] = useState<AppFilesSize | null>(null);
  // Read again with every estimate: the worker may still be storing this user's screens.
  useEffect(() => {
    let cancelled = false;
    void appFilesSize()
      .then((size) => {
        if (!cancelled) setAppFiles(size);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [storage.estimate]);
  const appFilesLine = appFilesText(appFiles);
  const persistence = persistenceText(storage.requested?.granted, storage.persisted);
  const estimate = storage.estimate;
  const percent = estimate ? Math.round(estimate.ratio * 100) : 0;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" size="lg" id={headingId}>
        Armazenamento
      </Heading>
      {!storage.loading && (
        <Text color={persistence.granted ? 'fg' : 'fg.warning'} data-persistence={persistence.granted ? 'concedido' : 'nao-concedido'}>
          {persistence.text}
        </Text>
      )}
      {estimate ? (
        <ProgressBar
          label="Espaço usado neste aparelho"
          value={estimate.usage}
          max={estimate.quota}
          valueText={`${formatBytes(estimate.usage)} de ${formatBytes(estimate.quota)} (${percent}%)`}
          colorPalette={estimate.warning ? 'orange' : undefined}
        />
      ) : (
        !storage.loading && <Text color="fg.muted">Este navegador não informa o espaço disponível.</Text>
      )}
      {appFilesLine && <Text>{appFilesLine}</Text>}
      {estimate?.warning && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>O armazenamento deste aparelho está quase cheio ({percent}%).</Alert.Title>
            <Alert.Description>
              Envie a fila ou remova municípios disponíveis offline para liberar espaço. Novos arquivos podem ser recusados.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
