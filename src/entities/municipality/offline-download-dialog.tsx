import { Button, CloseButton, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../ui/dialog-parts.tsx';
import { DialogShell } from '../../ui/dialog-shell.tsx';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../lib/notify.ts';
import { ServerAlert } from '../../ui/server-alert.tsx';
import type { OfflineBundleSummary } from '../../domain/offline-bundle-summary.ts';
import type { DownloadProgress } from '../../offline/bundle.ts';
import { municipalityData } from './data.ts';
import { formatBytes } from '../../domain/format.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';

type Phase =
  | { step: 'sizing' }
  | { step: 'confirm'; summary: OfflineBundleSummary }
  | { step: 'downloading'; summary: OfflineBundleSummary; progress: DownloadProgress }
  | { step: 'error'; message: string; summary: OfflineBundleSummary | null };

export type OfflineDownloadDialogProps = {
  /** The municipality to download; null closes the dialog. */
  municipality: { municipioId: number; nome: string } | null;
  onClose: () => void;
};

function contents(summary: OfflineBundleSummary): string {
  const c = summary.contagens;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    part(c.grupos, 'grupo', 'grupos'),
    part(c.membros, 'membro', 'membros'),
    part(c.encontros, 'encontro', 'encontros'),
    part(c.solucoes, 'solução', 'soluções'),
    part(c.tarefas, 'tarefa', 'tarefas'),
    part(c.perguntas, 'pergunta', 'perguntas'),
    part(c.relatorios ?? 0, 'relatório', 'relatórios'),
    part(c.relatoriosAdministrativos ?? 0, 'relatório administrativo', 'relatórios administrativos'),
  ].join(', ');
}

/**
 * "Disponível offline": asks the server how large the municipality's data is, shows it, and only
 * then downloads it with a progress bar (cancellable). Nothing is stored unless it all arrived.
 */
export function OfflineDownloadDialog({ municipality, onClose }: OfflineDownloadDialogProps) {
  return (
    <DialogShell open={municipality !== null} onClose={onClose} keepOnOutsideClick>
      {municipality && <DownloadFlow key={municipality.municipioId} municipality={municipality} onClose={onClose} />}
    </DialogShell>
  );
}

const SIZING_FAILED = 'Não foi possível consultar o tamanho dos dados. Verifique sua conexão e tente novamente.';

function DownloadFlow({ municipality, onClose }: { municipality: { municipioId: number; nome: string }; onClose: () => void }) {
  // The download's own phases; before it starts, the phase is the size read's (sizing, confirm, its error).
  const [downloadPhase, setPhase] = useState<Phase | null>(null);
  const controller = useRef<AbortController | null>(null);
  const sizing = municipalityData.useOfflineSummary(municipality.municipioId);
  const phase: Phase =
    downloadPhase ??
    (sizing.status === 'ready'
      ? { step: 'confirm', summary: sizing.data }
      : sizing.status === 'error'
        ? { step: 'error', summary: null, message: SIZING_FAILED }
        : { step: 'sizing' });

  // Closing the dialog cancels a download in progress.
  useEffect(() => () => controller.current?.abort(), []);

  async function download(summary: OfflineBundleSummary) {
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ step: 'downloading', summary, progress: { loaded: 0, total: summary.bytes } });
    const downloaded = await municipalityData.downloadAvailableOffline(
      { summary, onProgress: (progress) => setPhase({ step: 'downloading', summary, progress }), signal: abort.signal },
      { inline: true },
    );
    controller.current = null;
    if (downloaded.ok) {
      notifySuccess(`${municipality.nome} disponível offline`);
      onClose();
    } else if (abort.signal.aborted) {
      setPhase({ step: 'confirm', summary });
    } else {
      // Shown in the dialog (inline): the device's reason ("Sem espaço…"), or that it was interrupted.
      const message = downloaded.reason === 'session' || !downloaded.message ? 'O download foi interrompido.' : downloaded.message;
      setPhase({ step: 'error', summary, message: `Não foi possível baixar os dados: ${message}` });
    }
  }

  const summary = phase.step === 'sizing' ? null : phase.summary;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Disponível offline: {municipality.nome}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {phase.step === 'sizing' && <Text role="status">Consultando o tamanho dos dados…</Text>}
          {summary && (
            <Text>
              Tamanho do download: <strong>{formatBytes(summary.bytes)}</strong> ({contents(summary)}).
            </Text>
          )}
          {phase.step === 'confirm' && <Text>Os dados ficarão guardados neste aparelho para uso sem internet.</Text>}
          {phase.step === 'downloading' && (
            <ProgressBar
              label="Baixando dados do município"
              value={phase.progress.loaded}
              max={phase.progress.total}
              valueText={`${formatBytes(phase.progress.loaded)} de ${formatBytes(phase.progress.total)}`}
            />
          )}
          {phase.step === 'error' && <ServerAlert status="error">{phase.message}</ServerAlert>}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {phase.step === 'downloading' ? (
          <Button variant="outline" onClick={() => controller.current?.abort()}>
            Cancelar download
          </Button>
        ) : (
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
        )}
        {summary && phase.step !== 'downloading' && (
          <Button onClick={() => void download(summary)}>{phase.step === 'error' ? 'Tentar novamente' : 'Baixar'}</Button>
        )}
      </Dialog.Footer>
      {phase.step !== 'downloading' && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Fechar" />
        </Dialog.CloseTrigger>
      )}
    </>
  );
}
