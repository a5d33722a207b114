import { Badge, Box, Button, HStack, List, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import {
  canDeleteEvidence,
  checkAttendants,
  checkResend,
  complementFileName,
  EVIDENCE_MESSAGES,
  QUESTION_ATTENDANTS,
  type EvidenceFile,
  type EvidenceTab,
} from '../../../domain/evidence.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';
import { formatBytes } from '../../../domain/format.ts';
import { evidence, type EvidenceQuestionView } from '../../../entities/evidence/data.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { modalFrameLater } from '../../../ui/modal-frame-later.ts';
import { checkChosenFiles, countedFiles, hasDeclaration, isEvidenceType } from './file-check.ts';

/**
 * Layout of the controls repeated on every row of the evidence tab, as static inline styles (the
 * Chakra tokens' values): a Stack or HStack per row resolved its style props on each render (issue 32).
 */
const COLUMN = { display: 'flex', flexDirection: 'column', gap: '0.25rem', minWidth: '12rem' } as const;
const ROW = { display: 'flex', alignItems: 'center', gap: '0.5rem' } as const;
/** Chakra's srOnly, for a plain span. */
export const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
} as const;

/** What the controls of one question need to know about who is looking, and where. */
export type QuestionContext = { ctx: PermissionContext; tab: EvidenceTab; isSala: boolean; now: () => Date };

const ACCEPT = '.pdf,.xls,.xlsx,application/pdf,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "da pergunta 7", or "do critério 7" in the seal variant: how controls name their question. */
export function ofQuestion(isSala: boolean, numero: number): string {
  return isSala ? `do critério ${numero}` : `da pergunta ${numero}`;
}

/** Why a rejected question takes no new files now (deadline, twice rejected), or null. */
export function resendBlock(q: EvidenceQuestionView, now: Date): string | null {
  const check = checkResend(q, now);
  return check.ok ? null : check.message;
}

/**
 * The file picker and Enviar (Carregar in the seal variant): the chosen files are checked (type by
 * content, sizes, counts) and queued in the outbox, online or not; on a refusal the selection is
 * kept and the rule's message shown.
 */
export function QuestionUpload({ question, qc }: { question: EvidenceQuestionView; qc: QuestionContext }) {
  const [chosen, setChosen] = useState<File[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();
  const blocked = qc.tab === 'rejeitada' ? resendBlock(question, qc.now()) : null;
  const label = ofQuestion(qc.isSala, question.numero);

  const upload = async () => {
    const check = await checkChosenFiles(question, countedFiles(question), chosen, { ctx: qc.ctx, isSala: qc.isSala, now: qc.now() });
    if (!check.ok) {
      setMessage(check.message);
      notifyError(check.message);
      return;
    }
    if (!evidence.hasDeviceStore()) {
      setMessage(EVIDENCE_MESSAGES.saveEvidence);
      return;
    }
    setBusy(true);
    // A refusal (the payload's rule, no room on the device) is already notified: it stays beside the field too.
    const queued = await evidence.queueFiles(
      question,
      chosen.map((f) => ({ blob: f, name: f.name })),
    );
    setBusy(false);
    if (!queued.ok) {
      setMessage(queued.reason === 'session' ? null : queued.message);
      return;
    }
    setChosen([]);
    setMessage(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  if (blocked) {
    return (
      <Text textStyle="sm" color="fg.error">
        {blocked}
      </Text>
    );
  }
  return (
    <div style={COLUMN}>
      <label htmlFor={inputId}>
        <span style={SR_ONLY}>Arquivos (PDF ou Excel) {label}</span>
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => {
          setChosen(Array.from(event.target.files ?? []));
          setMessage(null);
        }}
        style={{ maxWidth: '100%', fontSize: '0.875rem' }}
      />
      <div style={ROW}>
        <Button
          size="sm"
          onClick={() => void upload()}
          loading={busy}
          aria-label={`${qc.isSala ? 'Carregar' : 'Enviar'} arquivos ${label}`}
        >
          {qc.isSala ? 'Carregar' : 'Enviar'}
        </Button>
      </div>
      {message && (
        <Text id={messageId} role="alert" textStyle="sm" color="fg.error">
          {message}
        </Text>
      )}
    </div>
  );
}

/** The question's files: the server's (download; delete when allowed) and those still queued here (pendente). */
export function EvidenceFileList({ question, qc }: { question: EvidenceQuestionView; qc: QuestionContext }) {
  const [confirm, dialog] = useConfirm();
  const remove = async (file: EvidenceFile) => {
    const yes = await confirm({
      title: EVIDENCE_MESSAGES.confirmDeleteTitle,
      body: EVIDENCE_MESSAGES.confirmDelete(file.nomeArquivo),
      destructive: true,
    });
    if (yes && (await evidence.deleteFile(file)).ok) notifySuccess('Evidência excluída com sucesso');
  };
  if (question.evidencias.length === 0 && question.pendentes.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Nenhum arquivo enviado.
      </Text>
    );
  }
  return (
    <>
      <List.Root as="ul" gap="2" listStyle="none" ps="0">
        {question.evidencias.map((f) => (
          <List.Item key={f.perguntaEvidenciaId}>
            <HStack gap="2" wrap="wrap">
              <Text textStyle="sm" overflowWrap="anywhere">
                {f.nomeArquivo}
              </Text>
              <FileStatus file={f} />
              <Button size="xs" variant="outline" onClick={() => void evidence.downloadFile(f)} aria-label={`Baixar ${f.nomeArquivo}`}>
                Baixar
              </Button>
              {canDeleteEvidence(qc.ctx, qc.tab, f, qc.isSala) && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => void remove(f)}
                  aria-label={`Excluir ${f.nomeArquivo}`}
                >
                  Excluir
                </Button>
              )}
            </HStack>
            {f.rejeitada && f.justificativa && (
              <Text textStyle="xs" color="fg.muted">
                Justificativa: {f.justificativa}
              </Text>
            )}
          </List.Item>
        ))}
        {question.pendentes.map((p, i) => (
          <List.Item key={`${p.outboxId}-${i}`}>
            <HStack gap="2" wrap="wrap">
              <Text textStyle="sm" overflowWrap="anywhere">
                {p.nomeArquivo}
              </Text>
              <Badge colorPalette="blue" variant="subtle">
                Pendente
              </Badge>
              <Text textStyle="xs" color="fg.muted">
                {formatBytes(p.tamanho)}
              </Text>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
      {dialog}
    </>
  );
}

export function fileStatusText(file: Pick<EvidenceFile, 'aprovada' | 'rejeitada' | 'enviada'>): string {
  if (file.aprovada) return 'Aprovada';
  if (file.rejeitada) return 'Rejeitada';
  return 'Não avaliada';
}

function FileStatus({ file }: { file: EvidenceFile }) {
  const palette = file.aprovada ? 'green' : file.rejeitada ? 'red' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle">
      {fileStatusText(file)}
    </Badge>
  );
}

/** Question 3's dialog (attendants-dialog.tsx), downloaded when first opened or once the page has settled. */
export const useAttendantsDialog = modalFrameLater(() => import('./attendants-dialog.tsx'));

/**
 * "Enviar para análise": confirmed (it cannot be changed afterwards), then queued after the
 * question's uploads. Question 3 first asks for its required fields (minimum hours, current
 * attendants, the declaration when the number differs from the register).
 */
export function SendForAnalysis({ question, qc }: { question: EvidenceQuestionView; qc: QuestionContext }) {
  const [confirm, dialog] = useConfirm();
  const [q3Open, setQ3Open] = useState(false);
  const [hours, setHours] = useState(question.valorInformado?.toString() ?? '');
  const [attendants, setAttendants] = useState(question.atualizacaoAtendentes?.toString() ?? '');
  const [declaration, setDeclaration] = useState<File | null>(null);
  const later = useAttendantsDialog(q3Open, () => setQ3Open(false));
  const total = question.evidencias.length + question.pendentes.length;
  const blocked = qc.tab === 'rejeitada' ? resendBlock(question, qc.now()) : null;
  if (blocked || total === 0) return null;
  const label = ofQuestion(qc.isSala, question.numero);

  /**
   * Queues the sending; resolves with null, or the message of why nothing was queued: notified, or
   * (`inline`, question 3's dialog) left for the dialog to show.
   */
  const send = async (extra: { atualizacaoAtendentes?: number; valorInformado?: number } = {}, inline = false): Promise<string | null> => {
    const queued = await evidence.queueSend(
      { perguntaMunicipioId: question.perguntaMunicipioId, municipioId: question.municipioId, numero: question.numero, ...extra },
      { inline },
    );
    return queued.ok || queued.reason === 'session' ? null : queued.message;
  };

  const start = async () => {
    if (question.perguntaId === QUESTION_ATTENDANTS) {
      setQ3Open(true);
      return;
    }
    if (!(await confirm({ title: 'Enviar para análise', body: EVIDENCE_MESSAGES.confirmSend }))) return;
    await send();
  };

  const submitQ3 = async (): Promise<string | null> => {
    const valorInformado = hours.trim() === '' ? null : Number(hours.replace(',', '.'));
    const atualizacaoAtendentes = attendants.trim() === '' ? null : Number(attendants);
    if (valorInformado !== null && !Number.isFinite(valorInformado)) return EVIDENCE_MESSAGES.minimumHoursRequired;
    if (atualizacaoAtendentes !== null && !Number.isInteger(atualizacaoAtendentes)) return EVIDENCE_MESSAGES.attendantsRequired;
    const check = checkAttendants({
      valorInformado,
      atualizacaoAtendentes,
      atendentesCadastrados: question.atendentesCadastrados,
      hasDeclaration: hasDeclaration(question) || declaration !== null,
      evidenceCount: countedFiles(question),
    });
    if (!check.ok) return check.message;
    if (!evidence.hasDeviceStore()) return EVIDENCE_MESSAGES.saveQuestion;
    if (declaration && !hasDeclaration(question)) {
      if (!(await isEvidenceType(declaration))) return EVIDENCE_MESSAGES.wrongType;
      const queued = await evidence.queueFiles(question, [{ blob: declaration, name: complementFileName(declaration.name) }], {
        dadosComplementares: true,
        inline: true,
      });
      if (!queued.ok) return queued.reason === 'session' ? null : queued.message;
    }
    if (!(await confirm({ title: 'Enviar para análise', body: EVIDENCE_MESSAGES.confirmSend }))) return null;
    return send({ atualizacaoAtendentes: atualizacaoAtendentes!, valorInformado: valorInformado! }, true);
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void start()} aria-label={`Enviar para análise ${label}`}>
        Enviar para análise
      </Button>
      {dialog}
      {/* Only question 3 opens it: a closed dialog still starts its state machine, on every row of the tab. */}
      {question.perguntaId === QUESTION_ATTENDANTS && later && (
        <later.AttendantsDialog
          open={q3Open}
          title={EVIDENCE_MESSAGES.requiredFields}
          onClose={() => setQ3Open(false)}
          onSubmit={submitQ3}
          submitLabel="Enviar para análise"
          hours={hours}
          onHoursChange={setHours}
          attendants={attendants}
          onAttendantsChange={setAttendants}
          attendantsHelp={question.atendentesCadastrados === null ? undefined : `Cadastrados: ${question.atendentesCadastrados}`}
        >
          {hasDeclaration(question) ? (
            <Text textStyle="sm">{EVIDENCE_MESSAGES.complementExists}</Text>
          ) : (
            <Box>
              <label>
                <Text as="span" textStyle="sm" fontWeight="medium" display="block">
                  Declaração (quando a quantidade difere da cadastrada)
                </Text>
                <input type="file" accept={ACCEPT} onChange={(e) => setDeclaration(e.target.files?.[0] ?? null)} />
              </label>
            </Box>
          )}
        </later.AttendantsDialog>
      )}
    </>
  );
}
