import { Alert, Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';
import { canCreateReport, REPORT_MESSAGES } from '../../../domain/report-common.ts';
import { reportCreateSchema } from '../../../domain/field-reports.ts';
import { emptyText } from '../../../domain/vocabulary.ts';
import { useOnline } from '../../../lib/online.ts';
import { formatBytes } from '../../../domain/format.ts';
import { useCity } from '../../../session/city.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { Combo } from '../../../ui/combo.tsx';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { ReportFields, type ReportFieldKey } from '../components/report-fields.tsx';
import { sanitizeReportHtmlLater } from '../../../ui/report-html-later.ts';
import { ReportTabs } from '../components/report-tabs.tsx';
import { useReportErrors } from '../components/use-report-errors.ts';
import { useReportWords } from '../components/use-report-words.ts';
import { fieldReports, useSyncState, type ReportSaved } from '../data.ts';
import { membersData } from '../../../entities/members/data.ts';
import {
  checkDraft,
  emptyDraft,
  fillFromMeeting,
  hoursEditable,
  meetingLabel,
  reportFormRules,
  toCreatePayload,
  type GuestDraft,
  type ReportDraft,
} from '../form-logic.ts';
import { reportHref } from '../paths.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';

const QUEUED_TEXT = 'Será enviado quando houver conexão.';
const BACKGROUND_TEXT = 'O envio continua em segundo plano; acompanhe em Sincronização.';

/** /cidade/:id/relatorio/inserir: a new field report (spec §2 "New report"), online or offline. */
export function ReportCreateScreen() {
  const ctx = usePermissionContext();
  if (!ctx || !canCreateReport(ctx)) return <NoPermission message="Você não tem permissão para criar relatórios." />;
  return <ReportForm ctx={ctx} />;
}

function ReportForm({ ctx }: { ctx: PermissionContext }) {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const navigate = useNavigate();
  const online = useOnline();
  const sync = useSyncState();
  const words = useReportWords();
  const { variant } = currentVariant();
  const formRef = useRef<HTMLFormElement>(null);

  const meetings = fieldReports.useMeetingsWithoutReport(municipioId);
  const members = membersData.useMunicipalityMembers(municipioId);
  const taskEvidences = fieldReports.useTaskEvidences(municipioId);

  const [draft, setDraft] = useState<ReportDraft>(emptyDraft);
  const [files, setFiles] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useReportErrors(formRef);
  const { errors, setErrors, fail, clearError } = form;
  useUnsavedChanges(!saved && (files.length > 0 || JSON.stringify(draft) !== JSON.stringify(emptyDraft())));

  const rules = reportFormRules(ctx, municipality.uf);
  const hoursTyped = hoursEditable(rules.hours, draft.tarefas);

  const memberList = useMemo(() => (members.status === 'ready' ? members.data : []), [members]);
  const memberNames = useMemo(() => new Map(memberList.map((m) => [m.membroId, m.nome])), [memberList]);
  const meetingList = useMemo(() => (meetings.status === 'ready' ? meetings.data : []), [meetings]);
  const meetingOptions = useMemo(() => meetingList.map((m) => ({ value: m.encontroId, label: meetingLabel(m) })), [meetingList]);
  const chosenMeeting = meetingList.find((m) => m.encontroId === draft.encontroId) ?? null;
  // A member list that arrived after the meeting was chosen fills in the names it lacked.
  const guests: GuestDraft[] = draft.convidados.map((g) => ({ ...g, nome: memberNames.get(g.membroId) ?? g.nome }));

  function update(patch: Partial<ReportDraft>, field: ReportFieldKey) {
    setDraft((d) => ({ ...d, ...patch }));
    clearError(field);
  }

  function chooseMeeting(encontroId: number | null) {
    const meeting = meetingList.find((m) => m.encontroId === encontroId);
    clearError('encontroId');
    if (!meeting) {
      setDraft((d) => ({ ...d, encontroId: null, tarefas: [], convidados: d.convidados.filter((g) => g.manual) }));
      return;
    }
    setDraft((d) => fillFromMeeting(d, meeting, { memberNames, taskEvidences, oneTask: rules.oneTask }));
  }

  function announce(saved: ReportSaved): void {
    const detail = saved === 'queued' ? QUEUED_TEXT : saved === 'background' ? BACKGROUND_TEXT : undefined;
    notifySuccess(REPORT_MESSAGES.salvo, detail);
  }

  async function finalize(event: SubmitEvent<HTMLFormElement>) {
    // The member dialog's form sits in a portal, but React still bubbles its submit up to this form.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (saving) return;
    // Saving from here on: a second press while the sanitiser downloads must not save twice.
    setSaving(true);
    try {
      const descricao = await sanitizeReportHtmlLater(draft.descricao);
      const check = checkDraft(draft, descricao, { uf: municipality.uf, mode: variant.mode });
      if (!check.ok) {
        fail(check.field, check.message, check.marked);
        return;
      }
      if (check.hours !== draft.horasUtilizadasString) setDraft((d) => ({ ...d, horasUtilizadasString: check.hours }));
      const payload = toCreatePayload({ ...draft, horasUtilizadasString: check.hours }, municipioId, descricao);
      const parsed = reportCreateSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail((typeof issue?.path[0] === 'string' ? issue.path[0] : 'titulo') as ReportFieldKey, issue?.message ?? ERROR_MESSAGES.saveReport);
        return;
      }
      setErrors({});
      // A failure has been shown by the command; the form still holds everything, to try again.
      const result = await fieldReports.create(payload, files);
      if (result.ok) {
        announce(result.data);
        setSaved(true);
        navigate(reportHref.list(municipioId));
      }
    } finally {
      setSaving(false);
    }
  }

  const progress = saving && sync.current ? sync.current : null;
  const meetingsFailed = meetings.status === 'error';

  return (
    <Stack gap="5">
      <PageTitle parts={['Novo relatório', municipality.nome]} />
      <AppLink to={reportHref.list(municipioId)} alignSelf="start" textStyle="sm">
        ← Voltar para {currentVocabulary().cityTabs.relatorio}
      </AppLink>
      <Heading as="h2" size="xl">
        Novo relatório
      </Heading>

      {!online && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Sem conexão</Alert.Title>
            <Alert.Description>O relatório e os anexos serão salvos neste aparelho e enviados quando houver conexão.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <form ref={formRef} noValidate onSubmit={(event) => void finalize(event)} aria-label="Novo relatório">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <Box gridColumn={{ lg: 'span 2' }}>
              <Combo<number>
                label={words.meeting.singular}
                options={meetingOptions}
                keepOrder
                value={draft.encontroId}
                onValueChange={chooseMeeting}
                emptyText={emptyText(words.meeting)}
                loading={meetings.status === 'loading'}
                required
                error={errors.encontroId}
                helperText={meetingsFailed ? words.meetingsUnavailable : undefined}
              />
            </Box>
            <TextField label="Data" value={chosenMeeting ? formatDate(chosenMeeting.inicio) : ''} onValueChange={() => {}} readOnly />
            <ReportFields
              draft={draft}
              errors={errors}
              update={update}
              rules={rules}
              hoursTyped={hoursTyped}
            />
          </SimpleGrid>

          <ReportTabs
            form={form}
            draft={draft}
            setDraft={setDraft}
            municipioId={municipioId}
            uf={municipality.uf}
            grupoId={chosenMeeting?.grupoId ?? null}
            meetingChosen={chosenMeeting !== null}
            members={memberList}
            guests={guests}
            attachmentCount={files.length}
            attachments={<AttachmentsField files={files} onChange={(change) => setFiles((current) => change(current))} disabled={saving} />}
            oneTask={rules.oneTask}
            hoursTyped={hoursTyped}
          />

          {progress && (
            <ProgressBar
              label={`Enviando ${progress.fileName ?? progress.label}`}
              value={progress.sentBytes}
              max={progress.totalBytes}
              valueText={`${formatBytes(progress.sentBytes)} de ${formatBytes(progress.totalBytes)}`}
            />
          )}
          {saving && !progress && files.length > 0 && (
            <Text role="status" textStyle="sm" color="fg.muted">
              Guardando {files.length} arquivo(s) neste aparelho…
            </Text>
          )}

          <HStack gap="3" justify="flex-end" wrap="wrap">
            <Button variant="outline" asChild>
              <RouterLink to={reportHref.list(municipioId)}>Cancelar</RouterLink>
            </Button>
            <Button type="submit" loading={saving} loadingText="Salvando…">
              Finalizar
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
