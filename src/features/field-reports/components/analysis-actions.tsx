import { Button, Field, HStack, Textarea } from '@chakra-ui/react';
import { useRef, useState, type RefObject } from 'react';
import { REPORT_MESSAGES, REPORT_STATUS, isRejectedStatus } from '../../../domain/report-common.ts';
import { reportAnalysisSchema, type Report, type ReportAnalysis } from '../../../domain/field-reports.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { fieldReports } from '../data.ts';

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
    const result = await fieldReports.analyse(
      { relatorioId: report.relatorioId, aprovado: true, motivoRejeicao: null },
      { failure: { message: 'Não foi possível aprovar o relatório.' } },
    );
    setBusy(false);
    if (!result.ok) return;
    onAnalysed(result.data);
    notifySuccess('Relatório aprovado');
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
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={reasonRef}>
      <RejectForm report={report} reasonRef={reasonRef} onClose={onClose} onRejected={onRejected} />
    </FormDialog>
  );
}

function RejectForm({
  report,
  reasonRef,
  onClose,
  onRejected,
}: {
  report: Report;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  onClose: () => void;
  onRejected: (r: Report) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useFormDialogSubmit<ReportAnalysis>(
    {
      submit: () => {
        const parsed = reportAnalysisSchema.safeParse({ relatorioId: report.relatorioId, aprovado: false, motivoRejeicao: reason });
        if (parsed.success) return parsed.data;
        setError(parsed.error.issues[0]?.message ?? REPORT_MESSAGES.motivoObrigatorio);
        return null;
      },
      setErrors: (errors) => setError(errors.motivoRejeicao ?? null),
    },
    async (analysis) => {
      // Shown in the dialog, which stays open with the reason typed.
      const result = await fieldReports.analyse(analysis, { inline: true, failure: { message: 'Não foi possível rejeitar o relatório.' } });
      if (!result.ok) return result;
      onRejected(result.data);
      notifySuccess('Relatório rejeitado');
      onClose();
    },
    'Não foi possível rejeitar o relatório.',
  );

  return (
    <FormDialogForm
      title="Rejeitar relatório"
      onClose={onClose}
      submit={submit}
      submitLabel="Rejeitar"
      pendingLabel="Rejeitando…"
      submitPalette="red"
    >
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>Motivo da rejeição</Field.Label>
        <Textarea
          ref={reasonRef}
          value={reason}
          rows={5}
          maxLength={20_000}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </FormDialogForm>
  );
}
