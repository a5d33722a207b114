import { Badge, Button, HStack, List, Stack, Text, Heading } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { canAnalyse, canSendInTab, evidenceTabOf, QUESTION_ATTENDANTS, type EvidenceHistoryItem } from '../../../domain/evidence.ts';
import { formatDateTime } from '../../../domain/format.ts';
import { canRevertAnalysis } from '../../../domain/permissions.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { evidence } from '../../../entities/evidence/data.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { deadlineText } from '../components/deadline.ts';
import { QuestionAdminActions } from '../components/question-admin-actions.tsx';
import { EvidenceFileList, QuestionUpload, resendBlock, SendForAnalysis } from '../components/question-controls.tsx';
import { ReviewTable } from '../components/review-table.tsx';
import { TAB_LABELS } from '../components/tab-nav.tsx';
import { evidenceHref } from '../paths.ts';

const ACTION_TEXT: Record<EvidenceHistoryItem['acao'], string> = {
  carregada: 'Arquivo carregado',
  enviada: 'Enviada para análise',
  aprovada: 'Aprovada',
  rejeitada: 'Rejeitada',
  finalizada: 'Análise finalizada',
  revertida: 'Análise revertida',
  descartada: 'Descartada',
  excluida: 'Arquivo excluído',
};

/** /cidade/:id/evidenciar/:pergunta: one question, its files, upload and sending, the analysts' review and the history. */
export function EvidenceQuestionScreen() {
  const { municipality } = useCity();
  const ctx = usePermissionContext();
  const id = parseRouteId(useParams().pergunta);
  const question = evidence.useQuestion(id);
  const history = evidence.useHistory(navigator.onLine ? id : null);
  const isSala = currentVariant().variant.mode.isSala;
  const vocab = currentVocabulary();
  if (!ctx) return null;
  if (id === null) return <Text role="alert">{vocab.question.singular} não encontrada.</Text>;
  if (question.status === 'loading' && question.absent && !navigator.onLine) {
    return (
      <Text role="alert">Esta pergunta não está neste aparelho. Conecte-se à internet ou baixe o município em "Disponível offline".</Text>
    );
  }
  if (question.status === 'loading' || question.status === 'idle') return <LoadingState label="Carregando pergunta…" />;
  if (question.status === 'error') return <LoadError message="Não foi possível carregar a pergunta." onRetry={question.reload} />;

  const q = question.data;
  const tab = evidenceTabOf(q);
  const qc = { ctx, tab, isSala, now: () => new Date() };
  const canSend = canSendInTab(ctx, tab);
  const takesFiles = canSend && (tab === 'respondida' || tab === 'rejeitada');
  const blocked = tab === 'rejeitada' ? resendBlock(q, new Date()) : null;
  // The reviewer sees the files in the review table (virtualised: a question may hold thousands).
  const reviewing = tab !== 'respondida' && canAnalyse(ctx, tab);
  const showsFiles = !reviewing || takesFiles;

  return (
    <Stack gap="5">
      <PageTitle parts={[`${vocab.question.singular} ${q.numero}`, municipality.nome]} />
      <HStack gap="2" wrap="wrap">
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={evidenceHref.tab(municipality.municipioId, tab)}>Voltar para {TAB_LABELS[tab]}</RouterLink>
        </Button>
      </HStack>
      <Stack gap="1">
        <Text textStyle="sm" color="fg.muted">
          {isSala ? vocab.axis.singular : 'Tema'}: {q.nome}
          {!isSala && q.pontos !== null ? ` · ${q.pontos} pontos` : ''}
          {q.faixaNome ? ` · Faixa: ${q.faixaNome}` : ''}
        </Text>
        <Heading as="h2" size="lg" overflowWrap="anywhere">
          {q.numero}. {q.texto}
        </Heading>
        <HStack gap="2">
          <Badge variant="subtle">{TAB_LABELS[tab]}</Badge>
          {q.pending && (
            <Badge colorPalette="blue" variant="subtle">
              Aguardando envio
            </Badge>
          )}
        </HStack>
      </Stack>
      <OfflineNotice syncedAt={question.syncedAt} refreshFailed={Boolean(question.refreshError)} />

      {tab === 'rejeitada' && q.prazoReenvio && (
        <Text>
          Prazo para envio de novo arquivo: <strong>{deadlineText(q.prazoReenvio)}</strong>
        </Text>
      )}
      {blocked && (
        <Text role="alert" color="fg.error">
          {blocked}
        </Text>
      )}
      {q.evidencia && (
        <Stack gap="1">
          <Heading as="h3" size="md">
            Evidência
          </Heading>
          <Text whiteSpace="pre-wrap">{q.evidencia}</Text>
        </Stack>
      )}

      {/* The reviewer's files are the review table below: a heading here would head nothing. */}
      <Stack as="section" gap="2" aria-labelledby={showsFiles ? 'evidencia-arquivos' : undefined}>
        {showsFiles && (
          <Heading as="h3" size="md" id="evidencia-arquivos">
            Arquivos
          </Heading>
        )}
        {!reviewing && <EvidenceFileList question={q} qc={qc} />}
        {takesFiles && <QuestionUpload question={q} qc={qc} />}
        <HStack gap="2" wrap="wrap">
          {takesFiles && <SendForAnalysis question={q} qc={qc} />}
          <QuestionAdminActions
            question={q}
            tab={tab}
            canSend={canSend}
            canRevert={canRevertAnalysis(ctx.usuario)}
            isAttendants={q.perguntaId === QUESTION_ATTENDANTS}
            isSala={isSala}
          />
        </HStack>
      </Stack>

      {reviewing && <ReviewTable question={q} files={q.evidencias} tab={tab} usuarioId={ctx.usuario.usuarioId} />}

      {history.status === 'ready' && history.data.length > 0 && (
        <Stack as="section" gap="2" aria-labelledby="evidencia-historico">
          <Heading as="h3" size="md" id="evidencia-historico">
            Histórico
          </Heading>
          <List.Root as="ol" gap="1" ps="5">
            {history.data.map((h) => (
              <List.Item key={h.historicoId}>
                <Text textStyle="sm">
                  {formatDateTime(h.em)} · {ACTION_TEXT[h.acao]}
                  {h.nomeArquivo ? ` · ${h.nomeArquivo}` : ''}
                  {h.avaliadoPor ? ` · avaliado por ${h.avaliadoPor}` : ''}
                  {h.evidenciadoPor ? ` · enviado por ${h.evidenciadoPor}` : ''}
                  {h.justificativa ? ` · ${h.justificativa}` : ''}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
