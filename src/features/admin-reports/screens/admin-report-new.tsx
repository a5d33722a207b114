import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { canCreateReport, REPORT_MESSAGES } from '../../../domain/report-common.ts';
import { formatBytes } from '../../../domain/format.ts';
import { useCity } from '../../../session/city.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { SUCCESS_MESSAGES } from '../../../domain/messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { AdminReportsGate } from '../components/gate.tsx';
import { adminReports, useSyncState } from '../data.ts';
import { AdminReportFields } from '../components/admin-report-fields.tsx';
import { checkedDraft } from '../components/checked-draft.ts';
import { type AdminReportDraft, type AdminReportField } from '../form-logic.ts';
import { adminReportHref } from '../paths.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';

export const QUEUED_NOTE = 'Será enviado quando houver conexão.';

/** /cidade/:id/relatorio-administrativo/inserir: a new administrative report (works offline). */
export function NewAdminReportScreen() {
  const ctx = usePermissionContext();
  return (
    <AdminReportsGate>
      {ctx && !canCreateReport(ctx) ? <NoPermission message={REPORT_MESSAGES.semPermissaoCriar} /> : <NewAdminReportForm />}
    </AdminReportsGate>
  );
}

const EMPTY: AdminReportDraft = { titulo: '', horas: '', descricao: '' };

function NewAdminReportForm() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<AdminReportDraft>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<AdminReportField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [entryId, setEntryId] = useState<string | null>(null);
  const sync = useSyncState();
  useUnsavedChanges(draft.titulo !== '' || draft.horas !== '' || draft.descricao !== '' || files.length > 0);

  function set<K extends AdminReportField>(field: K, value: AdminReportDraft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = checkedDraft(draft, municipioId, setErrors, formRef.current);
    if (value === null) return;
    setSaving(true);
    try {
      // A failure has been shown by the command; the form still holds everything, to try again.
      const result = await adminReports.create(value, files, setEntryId);
      if (!result.ok) return;
      notifySuccess(SUCCESS_MESSAGES.reportSaved, result.data === 'queued' ? QUEUED_NOTE : undefined);
      navigate(adminReportHref.list(municipioId));
    } finally {
      setSaving(false);
      setEntryId(null);
    }
  }

  const progress = saving && entryId && sync.current?.entryId === entryId ? sync.current : null;

  return (
    <Stack gap="5" maxW="4xl">
      <PageTitle parts={['Novo relatório administrativo', municipality.nome]} />
      <AppLink to={adminReportHref.list(municipioId)} alignSelf="start" textStyle="sm">
        ← Voltar para os relatórios administrativos
      </AppLink>
      <Heading as="h2" size="xl">
        Novo relatório administrativo
      </Heading>
      <form ref={formRef} onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="5">
          <AdminReportFields draft={draft} errors={errors} set={set} disabled={saving} />
          <Stack gap="2">
            <Heading as="h3" size="md">
              Anexos
            </Heading>
            <AttachmentsField files={files} onChange={(update) => setFiles(update)} disabled={saving} />
          </Stack>

          {progress && (
            <Stack gap="2" aria-live="polite">
              {progress.fileName !== undefined && (
                <ProgressBar
                  label={`Enviando ${progress.fileName}`}
                  value={progress.fileSentBytes ?? 0}
                  max={progress.fileTotalBytes ?? 0}
                  valueText={`${formatBytes(progress.fileSentBytes ?? 0)} de ${formatBytes(progress.fileTotalBytes ?? 0)}`}
                />
              )}
              <ProgressBar
                label="Envio do relatório"
                value={progress.sentBytes}
                max={progress.totalBytes}
                valueText={`${formatBytes(progress.sentBytes)} de ${formatBytes(progress.totalBytes)}`}
              />
            </Stack>
          )}

          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={saving} loadingText="Salvando…">
              Salvar
            </Button>
            <Button asChild variant="outline" disabled={saving}>
              <RouterLink to={adminReportHref.list(municipioId)}>Cancelar</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
