import { Button, Field, Heading, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { REPORT_MESSAGES, REPORT_STATUS } from '../../../domain/report-common.ts';
import { type AdminReport } from '../../../domain/admin-reports.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { adminReports } from '../data.ts';

const ANALYSIS_FAILED = 'Não foi possível registrar a análise.';

/** Approve, or reject with a reason (required): for analysts (podeAnalisarRelatorio) and admins. */
export function AnalysisPanel({ report, onAnalysed }: { report: AdminReport; onAnalysed: (report: AdminReport) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  async function decide(aprovado: boolean) {
    if (!aprovado && !reason.trim()) {
      setReasonError(REPORT_MESSAGES.motivoObrigatorio);
      notifyError(REPORT_MESSAGES.motivoObrigatorio);
      return;
    }
    setBusy(aprovado ? 'approve' : 'reject');
    const result = await adminReports.analyse(
      { relatorioAdministrativoId: report.relatorioAdministrativoId, aprovado, motivoRejeicao: aprovado ? null : reason.trim() },
      { failure: { message: ANALYSIS_FAILED } },
    );
    setBusy(null);
    if (!result.ok) return;
    notifySuccess(aprovado ? 'Relatório aprovado' : 'Relatório rejeitado');
    setRejecting(false);
    setReason('');
    onAnalysed(result.data);
  }

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" aria-labelledby="admin-report-analysis-heading" as="section">
      <Heading as="h3" size="md" id="admin-report-analysis-heading">
        Análise
      </Heading>
      {rejecting ? (
        <Stack gap="3">
          <Field.Root invalid={Boolean(reasonError)} required>
            <Field.Label>Motivo da rejeição</Field.Label>
            <Textarea
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
              maxLength={2000}
              rows={3}
              autoFocus
            />
            {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="red" loading={busy === 'reject'} onClick={() => void decide(false)}>
              Confirmar rejeição
            </Button>
            <Button variant="outline" disabled={busy !== null} onClick={() => setRejecting(false)}>
              Cancelar
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="3" wrap="wrap">
          <Button
            colorPalette="green"
            loading={busy === 'approve'}
            disabled={report.statusRelatorioId === REPORT_STATUS.aprovado}
            onClick={() => void decide(true)}
          >
            Aprovar
          </Button>
          <Button colorPalette="red" variant="outline" disabled={busy !== null} onClick={() => setRejecting(true)}>
            Rejeitar
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
