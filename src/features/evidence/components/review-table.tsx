import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import {
  canApprove,
  canReject,
  checkEvaluation,
  checkFinalize,
  EVIDENCE_MESSAGES,
  sortForReview,
  type EvidenceFile,
  type EvidenceQuestion,
  type EvidenceTab,
} from '../../../domain/evidence.ts';
import { evidence } from '../../../entities/evidence/data.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, TableClip } from '../../../ui/list-screen.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-field.tsx';
import { EvidenceDialog } from './evidence-dialog.tsx';
import { fileStatusText } from './question-controls.tsx';

type Justifying = { file: EvidenceFile; mode: 'rejeitar' | 'atualizar' };

/**
 * The analyst's review of one question's evidence (spec §2 "Evidence review table"): file name,
 * justification, Aprovar / Rejeitar / Atualizar / Ver Evidência, status; undecided files first;
 * no paging (the table renders only the rows in view). Each decision is saved at once (online);
 * "Finalizar avaliação" sends the whole list with the score range.
 */
export function ReviewTable({
  question,
  files,
  tab,
  usuarioId,
  onFinalized,
}: {
  question: Pick<EvidenceQuestion, 'perguntaMunicipioId' | 'faixas' | 'perguntaFaixaRespostaId'>;
  files: readonly EvidenceFile[];
  tab: EvidenceTab;
  usuarioId: number;
  onFinalized?: () => void;
}) {
  const headingId = useId();
  const [justifying, setJustifying] = useState<Justifying | null>(null);
  const [text, setText] = useState('');
  const [range, setRange] = useState<string>(question.perguntaFaixaRespostaId?.toString() ?? '');
  const [rangeError, setRangeError] = useState<string | undefined>();
  const [finalizing, setFinalizing] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const rows = useMemo(() => sortForReview(files), [files]);
  const open = rows.some((f) => !f.enviada);

  const decide = async (file: EvidenceFile, aprovada: boolean, justificativa: string | null, mode: 'avaliar' | 'atualizar' = 'avaliar') => {
    const input = {
      perguntaEvidenciaId: file.perguntaEvidenciaId,
      perguntaMunicipioId: file.perguntaMunicipioId,
      aprovada,
      rejeitada: !aprovada,
      nomeArquivo: file.nomeArquivo,
      usuarioId,
      justificativa,
    };
    const check = checkEvaluation(input, file);
    if (!check.ok) return check.message;
    setBusy(file.perguntaEvidenciaId);
    try {
      // A failure is already notified; the dialog closes either way, as the decision is the server's to keep.
      const saved = await (mode === 'avaliar' ? evidence.evaluate(input) : evidence.updateEvaluation(input));
      if (saved.ok) notifySuccess(mode === 'avaliar' ? EVIDENCE_MESSAGES.evaluated : EVIDENCE_MESSAGES.updated);
    } finally {
      setBusy(null);
    }
    return null;
  };

  const columns = useMemo<Array<DataColumn<EvidenceFile>>>(
    () => [
      { key: 'nomeArquivo', header: 'Arquivo', width: '30%', rowHeader: true, truncate: 60 },
      { key: 'justificativa', header: 'Justificativa', width: '28%', cardPriority: 2, truncate: 80 },
      {
        key: 'acoes',
        header: 'Ações',
        sortable: false,
        width: '20rem',
        cell: (f) => (
          <HStack gap="1" wrap="wrap">
            {canApprove(tab, f) && (
              <Button
                size="xs"
                colorPalette="green"
                loading={busy === f.perguntaEvidenciaId}
                onClick={() => void decide(f, true, f.justificativa).then((m) => m && notifyError(m))}
                aria-label={`Aprovar ${f.nomeArquivo}`}
              >
                Aprovar
              </Button>
            )}
            {canReject(tab, f) && (
              <Button
                size="xs"
                colorPalette="red"
                onClick={() => {
                  setText(f.justificativa ?? '');
                  setJustifying({ file: f, mode: 'rejeitar' });
                }}
                aria-label={`Rejeitar ${f.nomeArquivo}`}
              >
                Rejeitar
              </Button>
            )}
            {!f.enviada && (f.aprovada || f.rejeitada) && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setText(f.justificativa ?? '');
                  setJustifying({ file: f, mode: 'atualizar' });
                }}
                aria-label={`Atualizar ${f.nomeArquivo}`}
              >
                Atualizar
              </Button>
            )}
            <Button size="xs" variant="outline" onClick={() => void evidence.downloadFile(f)} aria-label={`Ver evidência ${f.nomeArquivo}`}>
              Ver Evidência
            </Button>
          </HStack>
        ),
      },
      {
        key: 'status',
        header: 'Status',
        width: '9rem',
        cardPriority: 1,
        value: (f) => fileStatusText(f),
        cell: (f) => (
          <Badge colorPalette={f.aprovada ? 'green' : f.rejeitada ? 'red' : 'gray'} variant="subtle">
            {fileStatusText(f)}
            {f.enviada ? ' (finalizada)' : ''}
          </Badge>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decide reads only props and setters
    [tab, busy, usuarioId],
  );

  const finalize = async () => {
    const decisions = rows.filter((f) => !f.enviada);
    const faixa = range === '' ? null : Number(range);
    const check = checkFinalize(question, decisions, faixa);
    if (!check.ok) {
      if (check.message === EVIDENCE_MESSAGES.rangeRequired) setRangeError(check.message);
      notifyError(check.message);
      return;
    }
    setRangeError(undefined);
    setFinalizing(true);
    try {
      const done = await evidence.finalize({
        perguntaMunicipioId: question.perguntaMunicipioId,
        perguntaFaixaRespostaId: faixa,
        evidencias: decisions.map((d) => ({
          perguntaEvidenciaId: d.perguntaEvidenciaId,
          aprovada: d.aprovada,
          rejeitada: d.rejeitada,
          justificativa: d.justificativa,
        })),
      });
      if (done.ok) {
        notifySuccess(EVIDENCE_MESSAGES.finalized);
        onFinalized?.();
      }
    } finally {
      setFinalizing(false);
    }
  };

  return (
    <Stack gap="3">
      <ListHeading title="Avaliação das evidências" id={headingId} level={2} />
      <TableClip>
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(f) => f.perguntaEvidenciaId}
          labelledBy={headingId}
          emptyText={EVIDENCE_MESSAGES.noEvidence}
          rowTone={(f) => (f.aprovada ? 'success' : f.rejeitada ? 'danger' : undefined)}
          maxHeight="70vh"
          virtualizeAbove={60}
          estimateRowHeight={56}
          // Each row holds up to four buttons: a few rows beyond the screen keep scrolling smooth without delaying the first paint.
          overscan={4}
          minWidth="44rem"
        />
      </TableClip>
      {open && (
        <HStack gap="3" align="end" wrap="wrap">
          {question.faixas.length > 0 && (
            <Stack minW="16rem">
              <SelectField
                label="Faixa de pontuação"
                options={question.faixas.map((f) => ({
                  value: String(f.perguntaFaixaRespostaId),
                  label: `${f.faixaNome} (${f.faixaPontos} pontos)`,
                }))}
                value={range}
                placeholder="Selecione"
                onValueChange={(v) => {
                  setRange(v);
                  setRangeError(undefined);
                }}
                error={rangeError}
              />
            </Stack>
          )}
          <Button onClick={() => void finalize()} loading={finalizing}>
            Finalizar avaliação
          </Button>
        </HStack>
      )}
      {justifying && (
        <EvidenceDialog
          open
          title={justifying.mode === 'rejeitar' ? `Rejeitar ${justifying.file.nomeArquivo}` : `Atualizar ${justifying.file.nomeArquivo}`}
          submitLabel={justifying.mode === 'rejeitar' ? 'Rejeitar' : 'Salvar'}
          onClose={() => setJustifying(null)}
          onSubmit={() =>
            justifying.mode === 'rejeitar'
              ? decide(justifying.file, false, text.trim() || null)
              : decide(justifying.file, justifying.file.aprovada, text.trim() || null, 'atualizar')
          }
        >
          <TextAreaField label="Justificativa" name="justificativa" value={text} onValueChange={setText} maxLength={2000} />
        </EvidenceDialog>
      )}
    </Stack>
  );
}

/** Hint under the table when nothing can be decided any more. */
export function ReviewClosedNote() {
  return (
    <Text textStyle="sm" color="fg.muted">
      A análise desta pergunta foi finalizada.
    </Text>
  );
}
