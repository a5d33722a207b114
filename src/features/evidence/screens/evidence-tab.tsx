import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import {
  canSendInTab,
  EVIDENCE_MESSAGES,
  evidenceRouteTabSchema,
  QUESTION_ATTENDANTS,
  type EvidenceTab,
} from '../../../domain/evidence.ts';
import { canRevertAnalysis } from '../../../domain/permissions.ts';
import { evidence, type EvidenceQuestionView } from '../../../entities/evidence/data.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { useCity } from '../../../session/city.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LINK_CELLS, ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { EvidenceFileList, ofQuestion, QuestionUpload, SendForAnalysis, type QuestionContext } from '../components/question-controls.tsx';
import { QuestionAdminActions } from '../components/question-admin-actions.tsx';
import { EvidenceTabNav, TAB_LABELS, visibleTabs } from '../components/tab-nav.tsx';
import { TextViewer } from '../components/text-viewer.tsx';
import { deadlineText } from '../components/deadline.ts';
import { evidenceHref } from '../paths.ts';

/**
 * Cells wrap their text here: on one line the question text alone took 890 px and the table 2,384 px
 * inside 1,230 on a 1366 px laptop, leaving the deadline, the file picker and the send button off-screen.
 */
const FITTING_CELLS = {
  ...LINK_CELLS,
  '& tbody :is(td, th)': { whiteSpace: 'normal', overflowWrap: 'break-word' },
  '& tbody input[type="file"]': { width: '100%' },
};

/**
 * The per-row cells' layout as static inline styles (Chakra's gap 2 / py 1 and gap 1 / align start):
 * a Stack per cell resolved its style props on every row's render (issue 32).
 */
const FILES_CELL = { display: 'flex', flexDirection: 'column', gap: '0.5rem', paddingBlock: '0.25rem' } as const;
const ACTIONS_CELL = { display: 'flex', flexDirection: 'column', gap: '0.25rem', alignItems: 'flex-start' } as const;

/** /cidade/:id/evidencia/:tipoEvidencia: the evidence tabs (spec §2 "Evidence screens"), read from the device first. */
export function EvidenceTabScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const ctx = usePermissionContext();
  const isSala = currentVariant().variant.mode.isSala;
  const parsed = evidenceRouteTabSchema.safeParse(useParams().tipoEvidencia);
  if (!parsed.success) return <Navigate to={evidenceHref.tab(municipioId, isSala ? 'boasvindas' : 'respondida')} replace />;
  if (!ctx) return null;
  const tabs = visibleTabs(ctx, isSala);
  const current = parsed.data;
  return (
    <Stack gap="4">
      <PageTitle parts={[`${currentVocabulary().cityTabs.evidencia}: ${TAB_LABELS[current]}`, municipality.nome]} />
      <EvidenceTabNav municipioId={municipioId} current={current} tabs={tabs} />
      {current === 'boasvindas' ? (
        <Welcome municipioId={municipioId} tabs={tabs} />
      ) : tabs.includes(current) ? (
        <EvidenceTabList key={current} municipioId={municipioId} tab={current} isSala={isSala} />
      ) : (
        <Text role="alert">Você não tem permissão para ver esta aba.</Text>
      )}
    </Stack>
  );
}

function Welcome({ municipioId, tabs }: { municipioId: number; tabs: readonly string[] }) {
  const vocab = currentVocabulary();
  return (
    <Stack gap="3" maxW="3xl">
      <ListHeading title="Boas-vindas" id="evidencia-boas-vindas" level={2} />
      <Text>
        Aqui a {vocab.municipality.singular.toLowerCase()} envia as evidências de cada {vocab.question.singular.toLowerCase()} respondido
        com Sim (arquivos PDF ou Excel de até 25 MB no total) e acompanha a análise: carregue os arquivos na aba Respondidas, envie para
        análise e confira o resultado nas abas Aprovadas e Rejeitadas. Um {vocab.question.singular.toLowerCase()} rejeitado pode receber
        novos arquivos até o prazo indicado.
      </Text>
      {tabs.includes('respondida') && (
        <Box>
          <Button asChild>
            <RouterLink to={evidenceHref.tab(municipioId, 'respondida')}>Começar pelas respondidas</RouterLink>
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function EvidenceTabList({ municipioId, tab, isSala }: { municipioId: number; tab: EvidenceTab; isSala: boolean }) {
  const ctx = usePermissionContext()!;
  const vocab = currentVocabulary();
  const list = evidence.useTab(municipioId, tab);
  const headingId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [viewing, setViewing] = useState<EvidenceQuestionView | null>(null);
  const rows = useMemo(() => (list.status === 'ready' ? list.data : []), [list]);
  const canSend = canSendInTab(ctx, tab);
  const takesFiles = canSend && (tab === 'respondida' || tab === 'rejeitada');
  const revert = canRevertAnalysis(ctx.usuario);
  const qc: QuestionContext = useMemo(() => ({ ctx, tab, isSala, now: () => new Date() }), [ctx, tab, isSala]);
  const themeLabel = isSala ? vocab.axis.singular : 'Tema';
  const questionLabel = isSala ? vocab.question.singular : 'Texto';

  const columns = useMemo<Array<DataColumn<EvidenceQuestionView>>>(() => {
    const toggle = (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    const cols: Array<DataColumn<EvidenceQuestionView>> = [
      { key: 'nome', header: themeLabel, width: '10rem', cardPriority: 3, truncate: 40 },
    ];
    if (!isSala) cols.push({ key: 'numero', header: 'Número', width: '5.5rem', align: 'end', cardPriority: 4 });
    cols.push({
      key: 'texto',
      header: questionLabel,
      width: '24rem',
      rowHeader: true,
      value: (q) => q.texto,
      cell: (q) => (
        <RouterLink to={evidenceHref.question(municipioId, q.perguntaMunicipioId)}>
          {isSala ? `${q.numero}. ` : ''}
          {q.texto}
        </RouterLink>
      ),
    });
    if (!isSala) cols.push({ key: 'pontos', header: 'Pontos', width: '5.5rem', align: 'end', cardPriority: 5 });
    // The rejected tab shows the range only in the Sala (spec §2 "Rejected questions table"): a 1366 px laptop has no room to spare.
    if (isSala || tab !== 'rejeitada') cols.push({ key: 'faixaNome', header: 'Faixa', width: '8rem', cardPriority: 6 });
    if (tab === 'rejeitada') {
      cols.push({
        key: 'prazoReenvio',
        header: 'Prazo para reenvio',
        width: '10rem',
        cardPriority: 1,
        value: (q) => q.prazoReenvio,
        format: (v) => deadlineText(String(v)),
      });
    }
    cols.push({
      key: 'arquivos',
      header: 'Arquivos',
      width: '14rem',
      sortable: false,
      cardPriority: 2,
      cell: (q) => {
        const open = expanded.has(q.perguntaMunicipioId);
        const count = q.evidencias.length + q.pendentes.length;
        return (
          <div style={FILES_CELL}>
            <div>
              <Button
                size="xs"
                variant="ghost"
                aria-expanded={open}
                onClick={() => toggle(q.perguntaMunicipioId)}
                aria-label={`${open ? 'Ocultar' : 'Mostrar'} arquivos ${ofQuestion(isSala, q.numero)}`}
              >
                {open ? 'Ocultar arquivos' : `Mostrar arquivos (${count})`}
                {q.pendentes.length > 0 ? ` · ${q.pendentes.length} pendente${q.pendentes.length === 1 ? '' : 's'}` : ''}
              </Button>
            </div>
            {open && <EvidenceFileList question={q} qc={qc} />}
            {takesFiles && <QuestionUpload question={q} qc={qc} />}
          </div>
        );
      },
    });
    cols.push({
      key: 'evidencia',
      header: 'Evidência',
      width: '6.5rem',
      sortable: false,
      cell: (q) =>
        q.evidencia ? (
          <Button size="xs" variant="outline" onClick={() => setViewing(q)} aria-label={`Ver evidência ${ofQuestion(isSala, q.numero)}`}>
            Ver
          </Button>
        ) : (
          '—'
        ),
    });
    cols.push({
      key: 'temArquivo',
      header: 'Arquivo',
      width: '5.5rem',
      align: 'center',
      value: (q) => q.temArquivo || q.pendentes.length > 0,
    });
    cols.push({
      key: 'acoes',
      header: 'Ações',
      width: '11rem',
      sortable: false,
      cell: (q) => (
        <div style={ACTIONS_CELL}>
          {takesFiles && <SendForAnalysis question={q} qc={qc} />}
          <QuestionAdminActions
            question={q}
            tab={tab}
            canSend={canSend}
            canRevert={revert}
            isAttendants={q.perguntaId === QUESTION_ATTENDANTS}
            isSala={isSala}
          />
          {q.pending && (
            <Text textStyle="xs" color="fg.info">
              Aguardando envio
            </Text>
          )}
        </div>
      ),
    });
    return cols;
  }, [expanded, isSala, municipioId, qc, questionLabel, revert, tab, takesFiles, canSend, themeLabel]);

  return (
    <Stack gap="3">
      <ListHeading
        title={TAB_LABELS[tab]}
        id={headingId}
        level={2}
        action={
          tab === 'rejeitada' && rows.length > 0 ? (
            <Button variant="outline" onClick={() => void evidence.downloadRejectedBundle(municipioId)}>
              Baixar evidências rejeitadas
            </Button>
          ) : undefined
        }
      />
      {list.status === 'ready' && <OfflineNotice syncedAt={list.syncedAt} refreshFailed={Boolean(list.refreshError)} />}
      {list.status === 'error' ? (
        <LoadError message={EVIDENCE_MESSAGES.getQuestions} onRetry={list.reload} />
      ) : (
        <TableClip css={FITTING_CELLS}>
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(q) => q.perguntaMunicipioId}
            labelledBy={headingId}
            loading={list.status === 'loading'}
            loadingText="Carregando perguntas…"
            emptyText={EVIDENCE_MESSAGES.noQuestions}
            rowTone={(q) => (q.pending ? 'info' : undefined)}
            minWidth="60rem"
          />
        </TableClip>
      )}
      {viewing && (
        <TextViewer open title={`Evidência: ${viewing.numero}`} text={viewing.evidencia ?? ''} onClose={() => setViewing(null)} />
      )}
    </Stack>
  );
}
