import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { formatBytes, useStorageEstimate } from '../data.ts';
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

/** "Armazenamento": persistence answer, usage against the quota, and the warning from 80%. */
export function StorageSection() {
  const headingId = useId();
  const storage = useStorageEstimate();
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
