import { Box, Button, CloseButton, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { CATALOGUE_MAX_BYTES, CATALOGUE_MESSAGES, type CatalogueImportResult } from '../../../domain/catalogue-transfer.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { catalogue, type CommandFailure } from '../data.ts';

export type GroupImportExportDialogProps = {
  projetoId: number;
  open: boolean;
  onClose(): void;
  /** Called after a confirmed import wrote the catalogue, so the lists reload. */
  onImported(): void;
};

type Phase =
  | { step: 'idle' }
  | { step: 'previewing'; file: File }
  | { step: 'preview'; file: File; result: CatalogueImportResult }
  | { step: 'importing'; file: File; result: CatalogueImportResult };

const LEVELS = [
  ['grupos', 'Grupos'],
  ['solucoes', 'Soluções'],
  ['tarefas', 'Tarefas'],
  ['evidencias', 'Evidências'],
] as const;

/**
 * The dialog shows a failure itself, beside the file it concerns (the commands run `inline`): the
 * message and, for a refused confirmation, the rows the server names. An ended session shows
 * nothing (the client has already signed out).
 */
function errorOf(failure: CommandFailure): { message: string; issues: string[] } | null {
  if (failure.reason === 'session') return null;
  return { message: failure.message, issues: failure.reason === 'invalid' ? failure.issues.map((i) => i.message) : [] };
}

/** Whether "Confirmar importação" may run: a preview is shown, without errors, and nothing is being sent. */
export function canConfirmImport(phase: Phase): boolean {
  return phase.step === 'preview' && phase.result.erros.length === 0;
}

/**
 * Import and export of the project's groups of solutions with their solutions, tasks and evidence
 * definitions (full admin only; spec §2, §6). A chosen sheet is previewed first (what would be
 * created or changed, and the row errors); nothing is written until "Confirmar importação", which
 * imports it all in one transaction, and stays disabled while the preview shows errors.
 */
export function GroupImportExportDialog({ projetoId, open, onClose, onImported }: GroupImportExportDialogProps) {
  const [busy, setBusy] = useState(false);
  // While an import runs the dialog stays: neither Esc nor a click outside may interrupt it.
  return (
    <DialogShell
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      size={800}
      scrollInside
      keepOnOutsideClick
      closeOnEscape={!busy}
    >
      <Transfer projetoId={projetoId} onClose={onClose} onImported={onImported} onBusy={setBusy} />
    </DialogShell>
  );
}

function Transfer({
  projetoId,
  onClose,
  onImported,
  onBusy,
}: Omit<GroupImportExportDialogProps, 'open'> & { onBusy: (busy: boolean) => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [downloading, setDownloading] = useState<'modelo' | 'exportar' | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const busy = phase.step === 'previewing' || phase.step === 'importing';
  useEffect(() => onBusy(busy), [busy, onBusy]);
  // Closing the dialog drops a preview in flight.
  useEffect(() => () => controller.current?.abort(), []);

  async function download(which: 'modelo' | 'exportar') {
    setDownloading(which);
    setError(null);
    const done =
      which === 'modelo'
        ? await catalogue.transfer.downloadTemplate(undefined, { inline: true })
        : await catalogue.transfer.exportCatalogue(projetoId, { inline: true });
    setDownloading(null);
    if (!done.ok) setError(errorOf(done));
  }

  async function preview(file: File) {
    setError(null);
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      setPhase({ step: 'idle' });
      setError({ message: CATALOGUE_MESSAGES.notXlsx, issues: [] });
      return;
    }
    if (file.size > CATALOGUE_MAX_BYTES) {
      setPhase({ step: 'idle' });
      setError({ message: CATALOGUE_MESSAGES.tooLarge, issues: [] });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ step: 'previewing', file });
    const read = await catalogue.transfer.previewImport({ projetoId, file, signal: abort.signal }, { inline: true });
    controller.current = null;
    // The dialog was closed meanwhile: nothing left to show.
    if (abort.signal.aborted) return;
    if (read.ok) {
      setPhase({ step: 'preview', file, result: read.data });
      return;
    }
    setPhase({ step: 'idle' });
    setError(errorOf(read));
  }

  async function confirm() {
    if (phase.step !== 'preview' || !canConfirmImport(phase)) return;
    const { file, result } = phase;
    setError(null);
    setPhase({ step: 'importing', file, result });
    const imported = await catalogue.transfer.confirmImport({ projetoId, file }, { inline: true });
    if (!imported.ok) {
      setPhase({ step: 'preview', file, result });
      setError(errorOf(imported));
      return;
    }
    notifySuccess(CATALOGUE_MESSAGES.imported);
    onImported();
    onClose();
  }

  const result = phase.step === 'preview' || phase.step === 'importing' ? phase.result : null;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Importar e exportar grupos de soluções</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Stack gap="2">
            <Text>
              Baixe o modelo ou o catálogo atual do projeto, preencha e importe a planilha. Registros com o mesmo nome são atualizados.
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" loading={downloading === 'modelo'} disabled={busy} onClick={() => void download('modelo')}>
                Baixar modelo
              </Button>
              <Button variant="outline" loading={downloading === 'exportar'} disabled={busy} onClick={() => void download('exportar')}>
                Exportar
              </Button>
            </HStack>
          </Stack>

          <Stack gap="1">
            <label htmlFor={inputId}>
              <Text fontWeight="medium">Planilha a importar (.xlsx, até 2 MB)</Text>
            </label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void preview(file);
                // The same file chosen again (after fixing it) must run a new preview.
                event.target.value = '';
              }}
            />
            {phase.step !== 'idle' && <Text color="fg.muted">Arquivo: {phase.file.name}</Text>}
          </Stack>

          {busy && (
            <Progress.Root value={null} size="sm">
              <Progress.Label textStyle="sm">{phase.step === 'previewing' ? 'Lendo a planilha…' : 'Importando…'}</Progress.Label>
              <Progress.Track aria-label={phase.step === 'previewing' ? 'Lendo a planilha' : 'Importando'}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}

          {error && (
            <ServerAlert status="error">
              {error.message}
              {error.issues.length > 0 && (
                <Box as="ul" mt="1" ps="4" listStyleType="disc">
                  {error.issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </Box>
              )}
            </ServerAlert>
          )}

          {result && (
            <Stack gap="3">
              <Text fontWeight="medium">
                Prévia da importação ({result.linhas} {result.linhas === 1 ? 'linha' : 'linhas'})
              </Text>
              {result.erros.length === 0 ? (
                <Table.ScrollArea>
                  <Table.Root size="sm" aria-label="Prévia da importação">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Registro</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Novos</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Alterados</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Sem alteração</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {LEVELS.map(([key, label]) => (
                        <Table.Row key={key}>
                          <Table.Cell>{label}</Table.Cell>
                          <Table.Cell textAlign="end">{result[key].novos}</Table.Cell>
                          <Table.Cell textAlign="end">{result[key].alterados}</Table.Cell>
                          <Table.Cell textAlign="end">{result[key].inalterados}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              ) : (
                <Stack gap="1" role="region" aria-label="Erros na planilha">
                  <Text color="fg.error" fontWeight="medium">
                    A planilha tem {result.erros.length} {result.erros.length === 1 ? 'erro' : 'erros'}. Corrija e escolha o arquivo de
                    novo.
                  </Text>
                  <Box as="ul" ps="4" listStyleType="disc" maxH="60" overflowY="auto">
                    {result.erros.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </Box>
                </Stack>
              )}
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" disabled={busy} onClick={onClose}>
          Fechar
        </Button>
        <Button loading={phase.step === 'importing'} disabled={!canConfirmImport(phase)} onClick={() => void confirm()}>
          Confirmar importação
        </Button>
      </Dialog.Footer>
      {!busy && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Fechar" />
        </Dialog.CloseTrigger>
      )}
    </>
  );
}
