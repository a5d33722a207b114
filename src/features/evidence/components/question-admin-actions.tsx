import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { EVIDENCE_MESSAGES, updateAttendantsSchema, type EvidenceTab } from '../../../domain/evidence.ts';
import { evidence, type EvidenceQuestionView } from '../../../entities/evidence/data.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { ofQuestion, useAttendantsDialog } from './question-controls.tsx';

/**
 * Online actions on a question (spec §4, §5): Descartar (evidenciada, aprovada, rejeitada; the
 * points-loss confirmation), Reverter Análise (a finalized analysis, full admin or Operacoes) and
 * Complemento (question 3's data, approved tab).
 */
export function QuestionAdminActions({
  question,
  tab,
  canSend,
  canRevert,
  isAttendants,
  isSala,
}: {
  question: EvidenceQuestionView;
  tab: EvidenceTab;
  canSend: boolean;
  canRevert: boolean;
  isAttendants: boolean;
  isSala: boolean;
}) {
  const [confirm, dialog] = useConfirm();
  const [complement, setComplement] = useState(false);
  const [hours, setHours] = useState(question.valorInformado?.toString() ?? '');
  const [attendants, setAttendants] = useState(question.atualizacaoAtendentes?.toString() ?? '');
  const later = useAttendantsDialog(complement, () => setComplement(false));
  const label = ofQuestion(isSala, question.numero);
  const finalized = tab === 'aprovada' || tab === 'rejeitada';
  const complementOffered = tab === 'aprovada' && isAttendants && canSend;
  return (
    <>
      {canSend && tab !== 'respondida' && !question.pending && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Descartar ${label}`}
          onClick={async () => {
            if (!(await confirm({ title: 'Descartar', body: EVIDENCE_MESSAGES.confirmDiscard, destructive: true }))) return;
            if ((await evidence.discard(question.perguntaMunicipioId)).ok) notifySuccess('Pergunta descartada com sucesso');
          }}
        >
          Descartar
        </Button>
      )}
      {complementOffered && (
        <Button size="xs" variant="outline" onClick={() => setComplement(true)} aria-label={`Complemento ${label}`}>
          Complemento
        </Button>
      )}
      {finalized && canRevert && !question.pending && (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Reverter Análise ${label}`}
          onClick={async () => {
            const confirmed = await confirm({
              title: 'Reverter Análise',
              body: 'As evidências voltam para análise e o prazo de reenvio é encerrado. Deseja reverter?',
            });
            if (confirmed && (await evidence.revert(question.perguntaMunicipioId)).ok) notifySuccess('Análise revertida com sucesso');
          }}
        >
          Reverter Análise
        </Button>
      )}
      {dialog}
      {/* Mounted only where Complemento is offered: a closed dialog still starts its state machine, on every row of the tab. */}
      {complementOffered && later && (
        <later.AttendantsDialog
          open={complement}
          title="Complemento"
          submitLabel="Salvar"
          onClose={() => setComplement(false)}
          onSubmit={async () => {
            const parsed = updateAttendantsSchema.safeParse({
              valorInformado: hours.trim() === '' ? undefined : Number(hours.replace(',', '.')),
              atualizacaoAtendentes: attendants.trim() === '' ? undefined : Number(attendants),
            });
            if (!parsed.success) {
              const path = parsed.error.issues[0]?.path[0];
              return path === 'valorInformado' ? EVIDENCE_MESSAGES.minimumHoursRequired : EVIDENCE_MESSAGES.attendantsRequired;
            }
            const saved = await evidence.updateAttendants({ perguntaMunicipioId: question.perguntaMunicipioId, ...parsed.data });
            if (saved.ok) notifySuccess(EVIDENCE_MESSAGES.updated);
            return saved.ok ? null : EVIDENCE_MESSAGES.saveQuestion;
          }}
          hours={hours}
          onHoursChange={setHours}
          attendants={attendants}
          onAttendantsChange={setAttendants}
        />
      )}
    </>
  );
}
