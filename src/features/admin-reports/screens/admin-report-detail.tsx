import { Alert, Button, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format.ts';
import { isAdmin } from '../../../domain/permissions.ts';
import {
  canAnalyseReports,
  canDeleteReport,
  canEditReport,
  canSeeRejectionReason,
  type ReportFile,
} from '../../../domain/report-common.ts';
import { ADMIN_REPORT_MESSAGES, type AdminReport } from '../../../domain/admin-reports.ts';
import { useCity } from '../../../session/city.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '../../../domain/messages.ts';
import { CONFIRM_MESSAGES } from '../../../domain/confirm-messages.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { StoredFileList } from '../../../ui/stored-file-list.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { AnalysisPanel } from '../components/analysis-panel.tsx';
import { AdminReportsGate } from '../components/gate.tsx';
import { ReportHtml } from '../../../ui/report-html.tsx';
import { adminReports, httpStatusOf } from '../data.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { AdminReportFields } from '../components/admin-report-fields.tsx';
import { checkedDraft } from '../components/checked-draft.ts';
import { type AdminReportDraft, type AdminReportField } from '../form-logic.ts';
import { adminReportHref } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { ReportStatusBadge } from '../../../ui/report-status.tsx';

/** /cidade/:id/relatorio-administrativo/obter/:relatorio: one report, its files, its analysis and the author's edit. */
export function AdminReportDetailScreen() {
  return (
    <AdminReportsGate>
      <AdminReportDetail />
    </AdminReportsGate>
  );
}

function AdminReportDetail() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const id = parseRouteId(useParams().relatorio);
  const navigate = useNavigate();
  const ctx = usePermissionContext();
  const remote = adminReports.useOne(id);
  // An answer given by an action (analysis, edit, file removed) replaces the loaded one at once.
  const [changed, setChanged] = useState<AdminReport | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  const loaded = remote.status === 'ready' ? remote.data : null;
  const report = changed && changed.relatorioAdministrativoId === loaded?.relatorioAdministrativoId ? changed : loaded;

  // A report of another city, a hidden one or none at all: said once, then back to the list.
  const missing =
    id === null ||
    (remote.status === 'error' && httpStatusOf(remote.error) === 404) ||
    (report !== null && report.municipioId !== municipioId);
  const left = useRef(false);
  useEffect(() => {
    if (!missing || left.current) return;
    left.current = true;
    notifyError(ADMIN_REPORT_MESSAGES.naoEncontrado);
    navigate(adminReportHref.list(municipioId), { replace: true });
  }, [missing, navigate, municipioId]);

  if (missing) return null;
  if (remote.status === 'error') {
    return <LoadError message={ERROR_MESSAGES.getAdminReports} onRetry={remote.reload} />;
  }
  if (!report || !ctx) return <LoadingState label="Carregando relatório…" />;

  const editable = canEditReport(ctx, report);
  const filesRemovable = editable || isAdmin(ctx.usuario);

  async function remove() {
    if (!report) return;
    const confirmed = await confirm({
      title: 'Excluir relatório administrativo',
      body: `Confirma que deseja excluir o relatório "${report.titulo}"? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    if (!(await adminReports.remove(report)).ok) return;
    notifySuccess('Relatório excluído');
    navigate(adminReportHref.list(municipioId));
  }

  return (
    <Stack gap="5" maxW="5xl">
      <PageTitle parts={[report.titulo, municipality.nome]} />
      <AppLink to={adminReportHref.list(municipioId)} alignSelf="start" textStyle="sm">
        ← Voltar para os relatórios administrativos
      </AppLink>
      <HStack justify="space-between" gap="3" wrap="wrap" align="start">
        <Stack gap="1" minW="0">
          <Text textStyle="sm" color="fg.muted">
            Relatório administrativo nº {report.relatorioAdministrativoId}
          </Text>
          <Heading as="h2" size="xl" overflowWrap="anywhere">
            {report.titulo}
          </Heading>
        </Stack>
        <HStack gap="2" wrap="wrap">
          {editable && !editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Editar
            </Button>
          )}
          {canDeleteReport(ctx, report) && (
            <Button variant="outline" colorPalette="red" onClick={() => void remove()}>
              Excluir relatório
            </Button>
          )}
        </HStack>
      </HStack>

      <DataList.Root orientation="horizontal" size="md">
        <DataList.Item>
          <DataList.ItemLabel>Situação</DataList.ItemLabel>
          <DataList.ItemValue>
            <ReportStatusBadge statusRelatorioId={report.statusRelatorioId} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Horas</DataList.ItemLabel>
          <DataList.ItemValue>{report.horas}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Criado por</DataList.ItemLabel>
          <DataList.ItemValue>{report.usuario.nome}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Criado em</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(report.criacao)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>

      {report.motivoRejeicao && canSeeRejectionReason(ctx, report) && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Motivo da rejeição</Alert.Title>
            <Alert.Description whiteSpace="pre-wrap">{report.motivoRejeicao}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {editing ? (
        <EditForm
          report={report}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setChanged(saved);
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap="2" as="section" aria-labelledby="admin-report-description">
          <Heading as="h3" size="md" id="admin-report-description">
            Descrição
          </Heading>
          <ReportHtml html={report.descricao} />
        </Stack>
      )}

      <Attachments report={report} removable={filesRemovable && !editing} onChanged={setChanged} />

      {canAnalyseReports(ctx) && !editing && <AnalysisPanel report={report} onAnalysed={setChanged} />}
      {confirmDialog}
    </Stack>
  );
}

function Attachments({ report, removable, onChanged }: { report: AdminReport; removable: boolean; onChanged: (r: AdminReport) => void }) {
  const [removing, setRemoving] = useState<number | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const headingId = useId();

  async function remove(file: ReportFile) {
    const confirmed = await confirm({
      title: 'Excluir anexo',
      body: `Confirma que deseja excluir o anexo ${file.nome}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setRemoving(file.arquivoId);
    const result = await adminReports.deleteAttachment(file.arquivoId);
    setRemoving(null);
    if (!result.ok) return;
    onChanged(result.data);
    notifySuccess('Anexo excluído');
  }

  return (
    <Stack gap="2" as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId}>
        Anexos
      </Heading>
      <StoredFileList
        files={report.arquivos}
        download={(file, onProgress) => adminReports.downloadAttachment({ arquivoId: file.arquivoId, nome: file.nome, onProgress })}
        downloadLabel={(file) => `Baixar anexo ${file.nome}`}
        actions={
          removable
            ? (file) => (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Excluir anexo ${file.nome}`}
                  loading={removing === file.arquivoId}
                  onClick={() => void remove(file)}
                >
                  Excluir
                </Button>
              )
            : undefined
        }
      />
      {confirmDialog}
    </Stack>
  );
}

/** The author's edit (online): text, hours and description, plus new files; the report goes back to waiting for analysis. */
function EditForm({ report, onCancel, onSaved }: { report: AdminReport; onCancel: () => void; onSaved: (r: AdminReport) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const initial: AdminReportDraft = { titulo: report.titulo, horas: String(report.horas), descricao: report.descricao };
  const [draft, setDraft] = useState<AdminReportDraft>(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<AdminReportField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<{ sentBytes: number; totalBytes: number } | null>(null);
  useUnsavedChanges(
    draft.titulo !== initial.titulo || draft.horas !== initial.horas || draft.descricao !== initial.descricao || files.length > 0,
  );

  function set<K extends AdminReportField>(field: K, value: AdminReportDraft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = checkedDraft(draft, report.municipioId, setErrors, formRef.current);
    if (value === null) return;
    setSaving(true);
    const { titulo, horas, descricao } = value;
    const result = await adminReports.update({
      body: { relatorioAdministrativoId: report.relatorioAdministrativoId, titulo, horas, descricao },
      files,
      onProgress: (sentBytes, totalBytes) => setUploading({ sentBytes, totalBytes }),
    });
    setSaving(false);
    setUploading(null);
    // A failure has been shown by the command; the form stays open with what was typed.
    if (!result.ok) return;
    notifySuccess(SUCCESS_MESSAGES.reportSaved);
    onSaved(result.data);
  }

  return (
    <form ref={formRef} onSubmit={(event) => void save(event)} noValidate aria-label="Editar relatório administrativo">
      <Stack gap="4" borderWidth="1px" rounded="md" p="4">
        <AdminReportFields draft={draft} errors={errors} set={set} />
        <Stack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            Novos anexos
          </Text>
          <AttachmentsField
            files={files}
            onChange={(update) => setFiles(update)}
            disabled={saving}
            keptBytes={report.arquivos.reduce((sum, f) => sum + f.tamanho, 0)}
            uploading={uploading}
          />
        </Stack>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" loading={saving} loadingText="Salvando…">
            Salvar alterações
          </Button>
          <Button variant="outline" disabled={saving} onClick={onCancel}>
            Cancelar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
