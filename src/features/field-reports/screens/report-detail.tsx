import { Alert, Badge, Button, DataList, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../domain/format.ts';
import {
  canAnalyseReports,
  canDeleteReport,
  canEditReport,
  canSeeRejectionReason,
  isRejectedStatus,
} from '../../../domain/report-common.ts';
import { EXECUTION_TYPES, type Report } from '../../../domain/field-reports.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCity } from '../../../session/city.ts';
import { linkChoice } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { CONFIRM_MESSAGES } from '../../../domain/confirm-messages.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AnalysisActions } from '../components/analysis-actions.tsx';
import { GuestPresenceList } from '../components/guest-presence-list.tsx';
import { StoredFileList } from '../../../ui/stored-file-list.tsx';
import { ReportEditForm } from '../components/report-edit-form.tsx';
import { ReportHtml } from '../../../ui/report-html.tsx';
import { useReportWords } from '../components/use-report-words.ts';
import { apiErrorMessage, fieldReports, httpStatusOf } from '../data.ts';
import { publicReportUrl, reportHref } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { ReportStatusBadge } from '../../../ui/report-status.tsx';

const NOT_FOUND = 'Relatório não encontrado.';

/** /cidade/:id/relatorio/obter/:relatorio: one report, its analysis and the author's edit. */
export function ReportDetailScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const relatorioId = parseRouteId(useParams().relatorio);
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const ctx = usePermissionContext();
  const online = useOnline();
  const remote = fieldReports.useOne(relatorioId);
  const [editing, setEditing] = useState(false);
  // The answer of an edit or analysis, shown at once while the detail is asked again.
  const [latest, setLatest] = useState<Report | null>(null);

  // Missing, another city's, or not visible to this user: the server answers 404 for all of them.
  const missing =
    relatorioId === null ||
    (remote.status === 'error' && (httpStatusOf(remote.error) === 404 || httpStatusOf(remote.error) === 403)) ||
    (remote.status === 'ready' && remote.data.municipioId !== municipioId);
  const left = useRef(false);
  useEffect(() => {
    if (!missing || left.current) return;
    left.current = true;
    notifyError(remote.status === 'error' ? apiErrorMessage(remote.error, NOT_FOUND) : NOT_FOUND);
    navigate(reportHref.list(municipioId), { replace: true });
  }, [missing, remote, navigate, municipioId]);

  if (missing || !ctx) return null;
  const back = (
    <AppLink to={reportHref.list(municipioId)} alignSelf="start" textStyle="sm">
      ← Voltar para {currentVocabulary().cityTabs.relatorio}
    </AppLink>
  );
  if (remote.status === 'loading' || remote.status === 'idle') {
    return (
      <Stack gap="4">
        {back}
        <LoadingState label="Carregando relatório…" />
      </Stack>
    );
  }
  if (remote.status === 'error') {
    return (
      <Stack gap="4" align="start">
        {back}
        <Text role="alert" color="fg.muted">
          {online ? 'Não foi possível carregar o relatório.' : 'Sem conexão: o relatório completo só abre com internet.'}
        </Text>
        <Button variant="outline" size="sm" onClick={remote.reload}>
          Tentar novamente
        </Button>
      </Stack>
    );
  }

  const report = latest && latest.relatorioId === remote.data.relatorioId && remote.refreshing ? latest : remote.data;
  const mayEdit = canEditReport(ctx, report);
  const mayDelete = canDeleteReport(ctx, report);
  const mayAnalyse = canAnalyseReports(ctx);
  const changed = (saved: Report) => {
    // The command has asked for the detail again (it invalidates it); this answer shows meanwhile.
    setLatest(saved);
    setEditing(false);
  };

  async function remove() {
    const confirmed = await confirm({
      title: 'Excluir relatório',
      body: `Confirma que deseja excluir o relatório ${report.titulo || report.relatorioId}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    if (!(await fieldReports.remove(report.relatorioId)).ok) return;
    notifySuccess('Relatório excluído com sucesso');
    navigate(reportHref.list(municipioId), { replace: true });
  }

  async function copyLink() {
    const url = publicReportUrl(window.location.origin, report.codigoPublico, linkChoice());
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Link público copiado', url);
    } catch {
      notifyError('Não foi possível copiar o link', url);
    }
  }

  return (
    <Stack gap="5">
      <PageTitle parts={[report.titulo || 'Relatório', municipality.nome]} />
      {back}
      <HStack justify="space-between" gap="3" wrap="wrap" align="start">
        <Stack gap="1" minW="0">
          <Text textStyle="sm" color="fg.muted">
            Relatório nº {report.relatorioId}
          </Text>
          <Heading as="h2" size="xl" overflowWrap="anywhere">
            {report.titulo || 'Sem título'}
          </Heading>
          <HStack gap="2">
            <ReportStatusBadge statusRelatorioId={report.statusRelatorioId} />
          </HStack>
        </Stack>
        {!editing && (
          <HStack gap="2" wrap="wrap">
            {report.codigoPublico && (
              <Button variant="outline" onClick={() => void copyLink()}>
                Copiar link público
              </Button>
            )}
            {mayEdit && (
              <Button
                variant="outline"
                disabled={!online}
                title={online ? undefined : 'A edição precisa de internet'}
                onClick={() => setEditing(true)}
              >
                Editar
              </Button>
            )}
            {mayDelete && (
              <Button variant="outline" colorPalette="red" disabled={!online} onClick={() => void remove()}>
                Excluir
              </Button>
            )}
            {mayAnalyse && <AnalysisActions report={report} online={online} onAnalysed={changed} />}
          </HStack>
        )}
      </HStack>

      {confirmDialog}
      {isRejectedStatus(report.statusRelatorioId) && report.motivoRejeicao && canSeeRejectionReason(ctx, report) && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Motivo da rejeição</Alert.Title>
            <Alert.Description whiteSpace="pre-wrap" overflowWrap="anywhere">
              {report.motivoRejeicao}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {editing ? (
        <ReportEditForm report={report} ctx={ctx} online={online} onSaved={changed} onCancel={() => setEditing(false)} />
      ) : (
        <ReportView report={report} />
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function ReportView({ report }: { report: Report }) {
  const words = useReportWords();
  const execution = EXECUTION_TYPES.find((t) => t.id === report.tipoExecucaoRelatorioId)?.nome ?? '—';
  const when = (v: string | null) => (v ? formatDateTime(v) || v.replace('T', ' ') : '—');
  const facts: Array<[string, string]> = [
    [words.meeting.singular, report.encontro ? `${report.encontro.grupoNome} · ${formatDate(report.encontro.inicio)}` : '—'],
    ['Criado por', report.usuario.nome],
    ['Criado em', formatDate(report.criacao)],
    ['Tipo de execução', execution],
    ['Início', when(report.inicioString)],
    ['Fim', when(report.fimString)],
    ['Horas utilizadas', report.horasUtilizadasString ?? '—'],
    [`Horas das ${words.tasksLabel.toLowerCase()} cumpridas`, String(report.horasTarefas).replace('.', ',')],
    ['Pessoas físicas atendidas', report.pfAtendidas === null ? '—' : String(report.pfAtendidas)],
    ['Empresas atendidas', report.pjAtendidas === null ? '—' : String(report.pjAtendidas)],
  ];
  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="sm">
        {facts.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="14rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      <Section title="Relatório">
        <ReportHtml html={report.descricao} />
      </Section>

      <Section title={`Convidados (${report.convidadosRelatorio.length})`}>
        {report.convidadosRelatorio.length === 0 ? (
          <Text color="fg.muted">Nenhum convidado.</Text>
        ) : (
          <GuestPresenceList guests={report.convidadosRelatorio} keyOf={(g) => g.membroId} />
        )}
      </Section>

      <Section title={words.tasksLabel}>
        {report.tarefasRelatorio.length === 0 ? (
          <Text color="fg.muted">{words.taskTexts.noTasks}</Text>
        ) : (
          <List.Root as="ul" gap="2" ps="5">
            {report.tarefasRelatorio.map((t) => (
              <List.Item key={t.municipioTarefaId}>
                {t.municipioTarefa.nome} ({String(t.municipioTarefa.horas).replace('.', ',')} h){' '}
                <Badge colorPalette={t.cumprida ? 'green' : 'gray'} variant="subtle">
                  {t.cumprida ? 'Cumprida' : 'Não cumprida'}
                </Badge>
                {t.municipioTarefa.municipioEvidencias.length > 0 && (
                  <Text textStyle="sm" color="fg.muted">
                    Evidências: {t.municipioTarefa.municipioEvidencias.map((e) => e.nome).join('; ')}
                  </Text>
                )}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Section>

      <Section title={`Anexos (${report.arquivos.length})`}>
        <StoredFileList
          files={report.arquivos}
          download={(file, onProgress) => fieldReports.downloadAttachment({ arquivoId: file.arquivoId, nome: file.nome, onProgress })}
        />
      </Section>

      {report.observacoes && (
        <Section title="Observações">
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {report.observacoes}
          </Text>
        </Section>
      )}
      {report.complemento && (
        <Section title="Complemento">
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {report.complemento}
          </Text>
        </Section>
      )}
    </Stack>
  );
}
