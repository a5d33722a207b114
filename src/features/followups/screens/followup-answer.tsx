import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import {
  canFinalizeFollowup,
  canSeeFollowupPoints,
  checkAnswer,
  FOLLOWUP_MESSAGES,
  followupTotals,
  groupQuestions,
  type AnswerItem,
  type FollowupQuestion,
} from '../../../domain/followups.ts';
import { followups, type FollowupView } from '../../../entities/followups/data.ts';
import { httpStatusOf } from '../../../lib/api-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { loadPdfFonts } from '../../../lib/pdf-fonts.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { QUESTION_LIST_CSS, QuestionItem } from '../components/question-item.tsx';
import { followupHref } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';

/** /cidade/:id/acompanhamento/obter/:acompanhamento: answer a follow-up, online or offline (spec §2, §4). */
export function FollowupAnswerScreen() {
  const { municipality } = useCity();
  const acompanhamentoId = parseRouteId(useParams().acompanhamento);
  const followup = followups.useOne(acompanhamentoId);
  const online = useOnline();

  if (acompanhamentoId === null) return <Text role="alert">{FOLLOWUP_MESSAGES.notFound}</Text>;
  if (followup.status === 'error') {
    return httpStatusOf(followup.error) === 404 ? (
      <Text role="alert">{FOLLOWUP_MESSAGES.notFound}</Text>
    ) : (
      <LoadError message="Não foi possível carregar o acompanhamento." onRetry={followup.reload} />
    );
  }
  if (followup.status !== 'ready') {
    return followup.status === 'loading' && followup.absent && !online ? (
      <Text role="status">Este acompanhamento não está guardado neste aparelho. Conecte-se para abri-lo.</Text>
    ) : (
      <LoadingState label="Carregando acompanhamento…" />
    );
  }
  return (
    <FollowupAnswerView
      municipio={municipality.nome}
      followup={followup.data}
      syncedAt={followup.syncedAt}
      refreshFailed={Boolean(followup.refreshError)}
    />
  );
}

type ViewProps = { municipio: string; followup: FollowupView; syncedAt: number | null | undefined; refreshFailed: boolean };

/**
 * The stored follow-up with each unchanged question kept as the object already on screen: every
 * read of the device's copy brings new objects, and a memoized question must not re-render for it.
 */
function useStableQuestions(followup: FollowupView): FollowupView {
  // A cache, not state: what it holds never decides what renders, only which equal object is reused.
  const [shown] = useState(() => new Map<number, { json: string; question: FollowupQuestion }>());
  return useMemo(() => {
    const perguntas = followup.perguntas.map((q) => {
      const json = JSON.stringify(q);
      const kept = shown.get(q.acompanhamentoPerguntaId);
      if (kept && kept.json === json) return kept.question;
      shown.set(q.acompanhamentoPerguntaId, { json, question: q });
      return q;
    });
    return { ...followup, perguntas };
  }, [followup, shown]);
}

export function FollowupAnswerView({ municipio, followup: read, syncedAt, refreshFailed }: ViewProps) {
  // A tap shows at once through the read itself: the outbox's local effect is held in memory until
  // the device has stored it (src/offline/in-flight.ts), so the screen keeps no layer of its own.
  const followup = useStableQuestions(read);
  const ctx = usePermissionContext();
  // Without the device store there is no outbox: the page is read-only.
  const writable = followups.useDeviceStore();
  const [confirm, confirmDialog] = useConfirm();
  const [search, setSearch] = useSearchParams();
  const showPoints = ctx !== null && canSeeFollowupPoints(ctx);
  const locked = followup.finalizado || !writable;
  // Spec §2: grouped and filtered by pillar, the axis in the variant's words (Eixo, or Pilar in the Sala).
  // ?tema= (the diagnostic's link per theme) narrows the page to that theme's questions.
  const theme = search.get('tema');
  const groups = useMemo(
    () =>
      groupQuestions(
        theme === null ? followup.perguntas : followup.perguntas.filter((q) => String(q.pergunta.tema.temaId) === theme),
        'eixo',
      ),
    [followup.perguntas, theme],
  );
  const totals = useMemo(() => followupTotals(followup.perguntas), [followup.perguntas]);
  const filter = search.get('eixo') ?? '';
  const shown = groups.filter((g) => filter === '' || String(g.id) === filter);
  const label = currentVocabulary().axis.singular;

  // The questions get one stable handler (so a tap re-renders only the question it changed); it reads the latest state here.
  const latest = useRef({ followup, writable });
  useEffect(() => {
    latest.current = { followup, writable };
  });
  const answer = useCallback((question: FollowupQuestion, resposta: boolean, comentario: string | null) => {
    const { followup, writable } = latest.current;
    const { acompanhamentoId, municipioId } = followup;
    const item: AnswerItem = { acompanhamentoPerguntaId: question.acompanhamentoPerguntaId, resposta, comentario };
    const outcome = checkAnswer(followup, question, item);
    if (!outcome.ok) return notifyError(outcome.message);
    if (!outcome.changed || !writable) return;
    // A failure is already said, and the read lets the tap go (nothing was queued).
    void followups.answer({ acompanhamentoId, municipioId, ...item, numero: question.pergunta.numero });
  }, []);

  const finalize = async () => {
    if (!writable) return;
    const semResposta = totals.total - totals.sim - totals.nao;
    const ok = await confirm({
      title: 'Finalizar acompanhamento',
      body: (
        <Stack gap="2">
          <Text>
            Sim: {totals.sim} · Não: {totals.nao} · Sem resposta: {semResposta}
            {showPoints && totals.pontos !== null ? ` · Pontos: ${totals.pontos}` : ''}
          </Text>
          <Text>Depois de finalizado, o acompanhamento não aceita mais respostas. Deseja finalizar?</Text>
        </Stack>
      ),
      confirmLabel: 'Finalizar',
      cancelLabel: 'Cancelar',
    });
    if (!ok) return;
    if (!(await followups.finalize(followup)).ok) return;
    notifySuccess('Acompanhamento finalizado', navigator.onLine ? undefined : 'A finalização será enviada quando houver conexão.');
  };

  const downloadPdf = async () => {
    try {
      // jsPDF and the fonts load with the first download, not with the screen.
      const [{ buildFollowupPdf, followupPdfName }, fonts] = await Promise.all([import('../pdf.ts'), loadPdfFonts()]);
      buildFollowupPdf({ municipio, followup, showPoints, groupLabel: 'Tema', fonts }).save(followupPdfName(followup));
    } catch {
      notifyError('Não foi possível gerar o PDF do acompanhamento.');
    }
  };

  return (
    <Stack gap="4">
      <PageTitle parts={[followup.nome, currentVocabulary().cityTabs.acompanhamento, municipio]} />
      <Stack gap="2">
        <RouterLink to={followupHref.list(followup.municipioId)} style={{ alignSelf: 'start' }}>
          ← Acompanhamentos
        </RouterLink>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="xl">
            {followup.nome}
          </Heading>
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" onClick={() => void downloadPdf()}>
              Download PDF
            </Button>
            {ctx && canFinalizeFollowup(ctx, followup) && writable && <Button onClick={() => void finalize()}>Finalizar</Button>}
          </HStack>
        </HStack>
        <HStack gap="3" wrap="wrap" textStyle="sm">
          <Text>Criado em {formatDate(followup.criacao)}</Text>
          <Badge colorPalette={followup.finalizado ? 'green' : 'gray'}>{followup.finalizado ? 'Finalizado' : 'Não finalizado'}</Badge>
          <Text aria-live="polite">
            Sim: {totals.sim} · Não: {totals.nao}
            {showPoints && totals.pontos !== null ? ` · Pontos: ${totals.pontos}` : ''}
          </Text>
          {followup.pending && (
            <Badge colorPalette="blue" role="status">
              Respostas aguardando envio
            </Badge>
          )}
        </HStack>
      </Stack>

      <OfflineNotice syncedAt={syncedAt} refreshFailed={refreshFailed} />

      <Stack maxW="24rem">
        <SelectField
          label={label}
          options={groups.map((g) => ({ value: String(g.id), label: g.nome }))}
          placeholder="Todos"
          value={groups.some((g) => String(g.id) === filter) ? filter : ''}
          onValueChange={(value) => {
            const next = new URLSearchParams(search);
            next.delete('tema');
            if (value === '') next.delete('eixo');
            else next.set('eixo', value);
            setSearch(next, { replace: true });
          }}
        />
      </Stack>

      {shown.length === 0 && <Text>{currentVocabulary().empty.questions}</Text>}
      {shown.map((group) => (
        <Stack as="section" key={group.id} gap="3" aria-labelledby={`grupo-${group.id}`}>
          <Heading as="h3" size="md" id={`grupo-${group.id}`}>
            {label}: {group.nome}
          </Heading>
          <Box as="ol" css={QUESTION_LIST_CSS}>
            {group.perguntas.map((q) => (
              <QuestionItem key={q.acompanhamentoPerguntaId} question={q} locked={locked} showPoints={showPoints} onAnswer={answer} />
            ))}
          </Box>
        </Stack>
      ))}
      {confirmDialog}
    </Stack>
  );
}
