import { Button, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { ProgressFilter } from '../../../domain/solutions.ts';
import { useOnline } from '../../../lib/online.ts';
import { municipalitySolutionsData } from '../data.ts';

/** "Exportar Excel" of a progress screen: the server builds the file, so offline the button waits, saying why. */
export function ExportProgressButton({ filter, disabled = false }: { filter: ProgressFilter; disabled?: boolean }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function run() {
    setBusy(true);
    try {
      // A failure is shown by the command (src/data/command.ts).
      await municipalitySolutionsData.exportProgress(filter);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="1" align="flex-end">
      <Button
        variant="outline"
        onClick={() => void run()}
        loading={busy}
        loadingText="Exportando…"
        disabled={!online || disabled}
        aria-describedby={online ? undefined : hintId}
      >
        Exportar Excel
      </Button>
      {!online && (
        <Text id={hintId} textStyle="xs" color="fg.muted">
          Disponível com conexão: o arquivo é gerado no servidor.
        </Text>
      )}
    </Stack>
  );
}
