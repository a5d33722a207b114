import { Button, List, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { useState } from 'react';
import { parseTimeCsv } from '../../../domain/sala-time.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { times } from '../data.ts';

/**
 * Importing times from a spreadsheet saved as CSV (serviço; data; duração; observação). The file is
 * read on the device; a line that cannot be read is listed and nothing is sent until the sheet is
 * clean, and the server takes every line or none.
 */
export function ImportDialog({ open, onClose, municipioId }: { open: boolean; onClose: () => void; municipioId: number }) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  async function read(file: File) {
    const { linhas, erros } = parseTimeCsv(await file.text());
    setErrors(erros.length > 0 ? erros : linhas.length === 0 ? ['A planilha não tem linhas para importar.'] : []);
    if (erros.length > 0 || linhas.length === 0) return;
    setBusy(true);
    const result = await times.importRows({ municipioId, linhas });
    setBusy(false);
    if (!result.ok) return;
    notifySuccess(`${linhas.length} tempos de atendimento importados com sucesso`);
    onClose();
  }
  return (
    <DialogShell open={open} onClose={() => !busy && onClose()} closeOnEscape={!busy} keepOnOutsideClick={busy} closeButton>
      <Dialog.Header>
        <Dialog.Title>Importar tempos de atendimento</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Uma planilha salva como CSV, uma linha por atendimento: serviço; data (DD/MM/AAAA); duração (minutos ou HH:MM); observação.
          </Text>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Planilha CSV"
            disabled={busy}
            onChange={(e) => e.target.files?.[0] && void read(e.target.files[0])}
          />
          {errors.length > 0 && (
            <Stack gap="1" role="alert">
              <Text color="fg.error">Nada foi importado. Corrija a planilha:</Text>
              <List.Root ps="5">
                {errors.slice(0, 20).map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Fechar
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
