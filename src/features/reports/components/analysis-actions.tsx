import { Button, CloseButton, Dialog, Field, HStack, Portal, Textarea } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import { REPORT_STATUS, isRejectedStatus, reportAnalysisSchema, type Report } from '../../../domain/reports.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { analyseReport } from '../data.ts';

export type AnalysisActionsProps = {
  report: Report;
  /** Analysis needs the network: the buttons wait for it. */
  online: boolean;
  onAnalysed: (report: Report) => void;
};

/**
 * Spec §6: users with podeAnalisarRelatorio (and admins) approve a report, or reject it with a
 * reason the author then sees (PUT api/relatorio/analisar-relatorio). Either decision can be
 * changed later by an analyst.
 */
export function AnalysisActions({ report, online, onAnalysed }: AnalysisActionsProps) {
  const [confirm, confirmDialog] = useConfirm();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);

  async function approve() {
    const confirmed = await confirm({
      title: 'Aprovar relatório',
      body: `Confirma a aprovação do relatório "${report.titulo}"?`,
      confirmLabel: 'Aprovar',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      onAnalysed(await analyseReport({ relatorioId: report.relatorioId, aprovado: true, motivoRejeicao: null }));
      notifySuccess('Relatório aprovado');
    } catch (error) {
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível aprovar o relatório.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <HStack gap="2" wrap="wrap">
      {report.statusRelatorioId !== REPORT_STATUS.aprovado && (
        <Button colorPalette="green" loading={busy} disabled={!online} onClick={() => void approve()}>
          Aprovar
        </Button>
      )}
      {!isRejectedStatus(report.statusRelatorioId) && (
        <Button colorPalette="red" variant="outline" disabled={!online || busy} onClick={() => setRejecting(true)}>
          Rejeitar
        </Button>
      )}
      <RejectDialog open={rejecting} report={report} onClose={() => setRejecting(false)} onRejected={onAnalysed} />
      {confirmDialog}
    </HStack>
  );
}

function RejectDialog({
  open,
  report,
  onClose,
  onRejected,
}: {
  open: boolean;
  report: Report;
  onClose: () => void;
  onRejected: (r: Report) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const formId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportAnalysisSchema.safeParse({ relatorioId: report.relatorioId, aprovado: false, motivoRejeicao: reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Informe o motivo da rejeição');
      reasonRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      onRejected(await analyseReport(parsed.data));
      notifySuccess('Relatório rejeitado');
      setReason('');
      setError(null);
      onClose();
    } catch (failure) {
      if (!isSessionExpiredError(failure)) setError(apiErrorMessage(failure, 'Não foi possível rejeitar o relatório.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      placement="center"
      initialFocusEl={() => reasonRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(600px, calc(100vw - 2rem))" mx="4">
            <Dialog.Header>
              <Dialog.Title>Rejeitar relatório</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
                <Field.Root invalid={Boolean(error)} required>
                  <Field.Label>Motivo da rejeição</Field.Label>
                  <Textarea
                    ref={reasonRef}
                    value={reason}
                    rows={5}
                    maxLength={20_000}
                    onChange={(event) => {
                      setReason(event.target.value);
                      if (error) setError(null);
                    }}
                  />
                  {error && <Field.ErrorText>{error}</Field.ErrorText>}
                </Field.Root>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending}>
                Cancelar
              </Button>
              <Button type="submit" form={formId} colorPalette="red" loading={pending} loadingText="Rejeitando…">
                Rejeitar
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
